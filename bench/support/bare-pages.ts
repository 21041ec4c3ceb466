import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { seedDemoContent } from '@gather/server/seed/seed';
import { startServer } from '@gather/server/api/server';
import { loadConfig } from '@gather/server/platform/config';
import type { AppContext } from '@gather/server/platform/context';
import { startStack } from '@gather/server/platform/stack';
import { buildSite } from '../../frontend/build-site.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The baselines the page benches set beside Gather's pages, written into the built site's
 * `client/` folder so the same server sends them: `/bare.html`, a bare HTML page (the best this
 * machine and server allow), and `/bare-react/index.html`, a bare React page built by the same Vite
 * (the cost of React itself).
 */
async function addBarePages(pagesDir: string): Promise<void> {
  const built = spawnSync(
    'npm',
    [
      'exec',
      '-w',
      'frontend',
      '--',
      'vite',
      'build',
      path.join(root, 'bench/bare-react'),
      '--base',
      '/bare-react/',
      '--outDir',
      path.join(pagesDir, 'client/bare-react'),
      '--logLevel',
      'error',
    ],
    // React's production build, whatever NODE_ENV the bench was left with (building the site changes it).
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (built.status !== 0) throw new Error('the bare React page did not build');
  await fs.writeFile(
    path.join(pagesDir, 'client/bare.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<meta name="description" content="Baseline"><title>Baseline</title></head><body><main><h1>Baseline</h1><p>A bare page.</p></main></body></html>',
  );
}

export interface PagesSite {
  url: string;
  ctx: AppContext;
  /** A scratch folder of the run's own, removed by `close`. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The production build of the pages with the demo content, served by the API with the two baselines beside it:
 * what the page benches measure.
 */
export async function startPagesSite(name: string): Promise<PagesSite> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `gather-${name}-`));
  const pagesDir = path.join(dataDir, 'pages');
  await buildSite(pagesDir);
  await addBarePages(pagesDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    FRONTEND_DIR: pagesDir,
    LOG_LEVEL: 'silent',
    RUN_WORKER: 'false',
  });
  const stack = await startStack(config, pino({ level: 'silent' }));
  await seedDemoContent(stack.ctx);
  const server = await startServer(stack.ctx);
  return {
    url: server.url,
    ctx: stack.ctx,
    dataDir,
    close: async () => {
      await server.close();
      await stack.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
