import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { loadConfig } from '@gather/backend/config';
import { seedDemoContent } from '@gather/backend/seed/seed';
import { startServer } from '@gather/backend/server';
import { startStack } from '@gather/backend/stack';
import { buildSite } from '../frontend/build-site.js';

/**
 * Lighthouse (mobile: a mid-range phone on a slow 4G line, simulated) on Home and Events of the
 * production build with the demo content, beside two baselines served by the same server in the
 * same run: a bare HTML page (the best this machine and server allow) and a bare React page built
 * by the same Vite (the cost of React itself). Lighthouse scales the CPU time it sees on this
 * machine, so each page is measured three times and the median run is reported.
 * Target: performance and accessibility at least 90 on both pages.
 */
const TARGET = 0.9;
const RUNS = 3;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-lighthouse-'));
const pagesDir = path.join(dataDir, 'pages');

await buildSite(pagesDir);
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
  { cwd: root, stdio: 'inherit' },
);
if (built.status !== 0) throw new Error('the bare React page did not build');
await fs.writeFile(
  path.join(pagesDir, 'client/bare.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="description" content="Baseline"><title>Baseline</title></head><body><main><h1>Baseline</h1><p>A bare page.</p></main></body></html>',
);

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

interface Scores {
  performance: number;
  accessibility: number;
  /** The metrics behind the performance score, as Lighthouse shows them. */
  metrics: string;
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/** Run asynchronously: the server under test lives in this process and must keep answering. */
async function lighthouse(url: string): Promise<Scores> {
  const report = path.join(dataDir, 'report.json');
  await promisify(execFile)(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--quiet',
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${report}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run',
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } },
  );
  const result = JSON.parse(readFileSync(report, 'utf8')) as {
    categories: Record<'performance' | 'accessibility', { score: number | null }>;
    audits: Record<string, { displayValue?: string }>;
  };
  const { performance, accessibility } = result.categories;
  if (performance.score === null || accessibility.score === null)
    throw new Error(`Lighthouse scored nothing for ${url}`);
  return {
    performance: performance.score,
    accessibility: accessibility.score,
    metrics: METRICS.map((id) => `${id} ${result.audits[id]?.displayValue ?? '?'}`).join(', '),
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART) and exits or scores nothing: such a run is taken again. */
async function scoredRun(url: string): Promise<Scores> {
  let lastFailure: unknown;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    try {
      return await lighthouse(url);
    } catch (error) {
      lastFailure = error;
    }
  }
  throw new Error(`Lighthouse could not score ${url} in three attempts`, { cause: lastFailure });
}

async function medianRun(page: string): Promise<Scores> {
  const runs: Scores[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await scoredRun(server.url + page));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(RUNS / 2)]!;
}

let failed = false;
try {
  const bare = await medianRun('/bare.html');
  const bareReact = await medianRun('/bare-react/index.html');
  console.log(`bare page:       performance ${bare.performance}\n  ${bare.metrics}`);
  console.log(`bare React page: performance ${bareReact.performance}\n  ${bareReact.metrics}`);
  for (const page of ['/', '/events']) {
    const scores = await medianRun(page);
    const ok = scores.performance >= TARGET && scores.accessibility >= TARGET;
    failed ||= !ok;
    console.log(
      `${page.padEnd(8)} performance ${scores.performance} (${(scores.performance / bareReact.performance).toFixed(2)}x bare React), ` +
        `accessibility ${scores.accessibility}: ${ok ? 'meets the target of 0.9' : 'BELOW the target of 0.9'}\n  ${scores.metrics}`,
    );
  }
} finally {
  await server.close();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
