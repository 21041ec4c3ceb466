import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    frontendDir: string;
  }
}

/**
 * One production build of the pages for the whole run, in a folder of its own: the browser tests
 * see exactly what `npm start` serves, and a developer's own `frontend/dist` is never touched.
 */
export default async function setup(project: TestProject) {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-pages-'));
  // Vitest sets NODE_ENV=test, which would give React's development build and JSX transform.
  const testEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: path.resolve(import.meta.dirname, '../../frontend'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = testEnv;
  }
  project.provide('frontendDir', outDir);
  return () => fs.rm(outDir, { recursive: true, force: true });
}
