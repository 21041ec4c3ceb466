import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../frontend/build-site.js';

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
  await buildSite(outDir);
  project.provide('frontendDir', outDir);
  return () => fs.rm(outDir, { recursive: true, force: true });
}
