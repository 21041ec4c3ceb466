import path from 'node:path';
import { createBuilder } from 'vite';

/**
 * The production build (`vite build`: the pages in `client/`, the server renderer in `server/`)
 * into a folder of the caller's, for the browser tests and the Lighthouse bench.
 */
export async function buildSite(outDir: string): Promise<void> {
  // A test runner's NODE_ENV=test would give React's development build and JSX transform.
  const callerEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const builder = await createBuilder({
      root: import.meta.dirname,
      logLevel: 'error',
      environments: {
        client: { build: { outDir: path.join(outDir, 'client'), emptyOutDir: true } },
        ssr: { build: { outDir: path.join(outDir, 'server'), emptyOutDir: true } },
      },
    });
    await builder.buildApp();
  } finally {
    process.env.NODE_ENV = callerEnv;
  }
}
