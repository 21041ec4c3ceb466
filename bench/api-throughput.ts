import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { seedDemoContent } from '@gather/server/seed/seed';
import { buildSite } from '../frontend/build-site.js';
import { benchChild, median, message } from './support/live.js';
import { productionRequestLog, startBenchSite } from './support/site.js';

/**
 * Requests per second and API CPU per request of the public lists and the server-drawn Home and Events, with
 * the demo content, each divided by a bare Express server in the same process sending the same bytes (with
 * the same headers' type) through the same middleware a deployment keeps: request logging (pino-http, one
 * info line per request, to /dev/null here), helmet's security headers and compression. A child process
 * keeps CONNECTIONS keep-alive connections busy for SECONDS against one path at a time, asking for gzip as
 * browsers do; runs alternate (Gather, bare) per path, ROUNDS times, and the median ratio is reported.
 * CPU is this process's (both servers live here; PostgreSQL and Redis are processes of their own).
 * Targets: 0.8 of the bare rate for lists, 0.5 for pages.
 */
const LISTS = ['/api/events/upcoming/', '/api/sermons/latest/?limit=3', '/api/albums/', '/api/services/', '/api/site/'];
const PAGES = ['/', '/events'];
const LIST_TARGET = 0.8;
const PAGE_TARGET = 0.5;
const ROUNDS = 3;
const SECONDS = 3;
const CONNECTIONS = 16;

interface Load {
  url: string;
  seconds: number;
}
interface Loaded {
  requests: number;
  failed: number;
}

const file = fileURLToPath(import.meta.url);

/** The child: answers each Load it is sent with how many requests were answered 200 in that time. */
async function loadClient(): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const get = (url: string) =>
    new Promise<number>((resolve) => {
      http
        .get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', () => resolve(0));
    });
  process.on('message', (load: Load) => {
    void (async () => {
      const until = Date.now() + load.seconds * 1000;
      const done: Loaded = { requests: 0, failed: 0 };
      const connection = async () => {
        while (Date.now() < until) {
          if ((await get(load.url)) === 200) done.requests += 1;
          else done.failed += 1;
        }
      };
      await Promise.all(Array.from({ length: CONNECTIONS }, connection));
      process.send!(done);
    })();
  });
  process.send!('ready');
}

/** The same bytes, type and status for each path, with no database, cache or rendering behind them. */
async function startBare(log: Logger, answers: Map<string, { type: string; body: Buffer }>) {
  const app = express();
  app.disable('x-powered-by');
  app.use(pinoHttp({ logger: log }));
  app.use(helmet());
  app.use(compression());
  app.use((req, res) => {
    const answer = answers.get(req.originalUrl);
    if (!answer) return void res.status(404).end();
    res.type(answer.type).send(answer.body);
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function measure(child: ReturnType<typeof benchChild>, url: string) {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  child.send({ url, seconds: SECONDS } satisfies Load);
  const loaded = (await message(child)) as Loaded;
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  if (loaded.failed) throw new Error(`${loaded.failed} requests to ${url} failed`);
  return { rps: loaded.requests / seconds, cpuMs: (cpu.user + cpu.system) / 1000 / loaded.requests };
}

async function main(): Promise<boolean> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-throughput-'));
  const pagesDir = path.join(dataDir, 'pages');
  await buildSite(pagesDir);
  const log = productionRequestLog();
  const site = await startBenchSite({ LOG_LEVEL: 'info', SERVE_FRONTEND: 'true', FRONTEND_DIR: pagesDir }, log);
  await seedDemoContent(site.stack.ctx);
  const answers = new Map<string, { type: string; body: Buffer }>();
  for (const target of [...LISTS, ...PAGES]) {
    const answer = await fetch(site.server.url + target);
    if (answer.status !== 200) throw new Error(`${target} answered ${answer.status}`);
    answers.set(target, { type: answer.headers.get('content-type')!, body: Buffer.from(await answer.arrayBuffer()) });
  }
  const bare = await startBare(log, answers);
  const child = benchChild(file, 'load', null);
  await message(child);

  const ratios = new Map<string, { rps: number[]; cpu: number[]; gather: number[]; bare: number[]; cpuMs: number[] }>();
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of [...LISTS, ...PAGES]) {
        const gather = await measure(child, site.server.url + target);
        const baseline = await measure(child, bare.url + target);
        const row = ratios.get(target) ?? { rps: [], cpu: [], gather: [], bare: [], cpuMs: [] };
        row.rps.push(gather.rps / baseline.rps);
        row.cpu.push(baseline.cpuMs / gather.cpuMs);
        row.gather.push(gather.rps);
        row.bare.push(baseline.rps);
        row.cpuMs.push(gather.cpuMs);
        ratios.set(target, row);
      }
    }
  } finally {
    child.kill();
    await new Promise<void>((resolve) => bare.server.close(() => resolve()));
    await site.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }

  let met = true;
  console.log(`${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds, medians (ratio = Gather ÷ bare)`);
  console.log('path                               RPS Gather    RPS bare   RPS ratio   CPU ms/req   CPU ratio  target');
  for (const [target, row] of ratios) {
    const target_ = LISTS.includes(target) ? LIST_TARGET : PAGE_TARGET;
    const ratio = median(row.rps);
    const cpuRatio = median(row.cpu);
    const ok = ratio >= target_ && cpuRatio >= target_;
    met &&= ok;
    console.log(
      `${target.padEnd(32)} ${median(row.gather).toFixed(0).padStart(11)} ${median(row.bare).toFixed(0).padStart(11)}` +
        ` ${ratio.toFixed(2).padStart(11)} ${median(row.cpuMs).toFixed(3).padStart(12)} ${cpuRatio.toFixed(2).padStart(11)}` +
        `  ≥ ${target_} ${ok ? 'met' : 'NOT met'}`,
    );
  }
  return met;
}

if (process.argv[2] === 'load') await loadClient();
else process.exit((await main()) ? 0 : 1);
