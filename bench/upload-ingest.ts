import { execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { RESUMABLE_UPLOADS_PATH } from '@gather/contracts';
import { photoCollections } from '@gather/server/platform/database/schema/collections';
import { benchChild, median, message } from './support/live.js';
import { startBenchSite } from './support/site.js';

/**
 * Upload ingest: ten 100 MB resumable (tus) uploads, four at a time, over loopback, each sent in 5 MB pieces as
 * the upload page sends them; MB/s against a bare node:http server streaming the same bytes to disk (one plain
 * request per file) in the same run. Also the API's peak RSS growth: the API runs in a child process of its own,
 * which samples its RSS. Each server goes first in every other round; speeds are medians. The memory target is
 * judged on the first run, the ten uploads the target is about: later runs add to the garbage V8 has not yet
 * collected (the pieces' buffers are external memory, collected in bulk), so their peaks climb until a full
 * collection brings them down again (ROUNDS=8 shows it: 43, 54, 65, 75, 85, 93, then 72 and 39 MB). Every run's
 * peak is printed.
 *
 * The client (this process) sends the same in-memory bytes to both; stored files are removed between runs.
 */
const FILES = 10;
const FILE_BYTES = 100 * 1024 * 1024;
const AT_A_TIME = 4;
const PIECE_BYTES = 5 * 1024 * 1024;
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const TARGET_RATIO = 0.7;
const TARGET_RSS_GROWTH_MB = 64;
const MB = 1024 * 1024;
const RSS_SAMPLE_MS = 20;

const file = fileURLToPath(import.meta.url);
const execFileAsync = promisify(execFile);
const log = pino({ level: 'warn' });

interface Target {
  url: string;
  /** Where this server keeps what it received, to empty between runs. */
  folder: string;
  collectionId?: string;
}

/** The Gather API in a child: answers with its address, then with its RSS (peak since last asked) on request. */
async function runApi(): Promise<void> {
  const site = await startBenchSite({ RATE_LIMIT_UPLOADS: '100000' }, log);
  const [collection] = await site.stack.ctx.db
    .insert(photoCollections)
    .values({ name: 'Bench', allowVideos: true, maxFileSizeMb: 100 })
    .returning();
  reportRss();
  process.send!({
    url: site.server.url,
    folder: path.join(site.config.MEDIA_DIR, 'collections', collection!.id),
    collectionId: collection!.id,
  } satisfies Target);
  process.on('disconnect', () => void site.stop().then(() => process.exit(0)));
}

/** The baseline: node:http writing each request's body to a file, and nothing else. */
async function runBare(): Promise<void> {
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'gather-bare-ingest-'));
  let next = 0;
  const server = http.createServer((req, res) => {
    void pipeline(req, fs.createWriteStream(path.join(folder, `${(next += 1)}.bin`))).then(
      () => res.writeHead(201).end(),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  reportRss();
  process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, folder } satisfies Target);
  process.on('disconnect', () => {
    server.close();
    void fsp.rm(folder, { recursive: true, force: true }).then(() => process.exit(0));
  });
}

interface Usage {
  rssPeak: number;
  rssNow: number;
  /** CPU seconds since the last ask: on a busy machine a steadier measure of cost than MB/s. */
  cpuSeconds: number;
}

/** Samples RSS often and answers `rss` messages with the peak (and the CPU used) since the last one. */
function reportRss(): void {
  let peak = process.memoryUsage.rss();
  let cpu = process.cpuUsage();
  setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), RSS_SAMPLE_MS).unref();
  process.on('message', (asked) => {
    if (asked !== 'rss') return;
    const now = process.memoryUsage.rss();
    const used = process.cpuUsage(cpu);
    process.send!({ rssPeak: Math.max(peak, now), rssNow: now, cpuSeconds: (used.user + used.system) / 1e6 });
    peak = now;
    cpu = process.cpuUsage();
  });
}

async function usage(child: ChildProcess): Promise<Usage> {
  child.send('rss');
  return (await message(child)) as Usage;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: AT_A_TIME });

function send(
  url: string,
  method: string,
  headers: Record<string, string | number>,
  body?: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function tusUpload(target: Target, bytes: Buffer, index: number): Promise<void> {
  const metadata = [
    `collection_id ${Buffer.from(target.collectionId!).toString('base64')}`,
    `filename ${Buffer.from(`clip-${index}.mp4`).toString('base64')}`,
    `filetype ${Buffer.from('video/mp4').toString('base64')}`,
  ].join(',');
  const tus = { 'Tus-Resumable': '1.0.0' };
  const created = await send(target.url + RESUMABLE_UPLOADS_PATH, 'POST', {
    ...tus,
    'Upload-Length': bytes.length,
    'Upload-Metadata': metadata,
  });
  if (created.status !== 201) throw new Error(`creating an upload answered ${created.status}`);
  const location = target.url + created.headers.location!;
  for (let offset = 0; offset < bytes.length; offset += PIECE_BYTES) {
    const piece = bytes.subarray(offset, offset + PIECE_BYTES);
    const answer = await send(
      location,
      'PATCH',
      { ...tus, 'Upload-Offset': offset, 'Content-Type': 'application/offset+octet-stream' },
      piece,
    );
    const last = offset + piece.length === bytes.length;
    if (answer.status !== (last ? 200 : 204)) throw new Error(`a piece answered ${answer.status}`);
  }
}

async function bareUpload(target: Target, bytes: Buffer): Promise<void> {
  const answer = await send(target.url + '/', 'PUT', { 'Content-Type': 'application/octet-stream' }, bytes);
  if (answer.status !== 201) throw new Error(`the bare server answered ${answer.status}`);
}

/** MB/s of FILES uploads, AT_A_TIME at once. */
async function measure(upload: (index: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: AT_A_TIME }, async () => {
      while (next < FILES) await upload((next += 1));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return (FILES * FILE_BYTES) / MB / seconds;
}

/** Removes a run's files, and waits for the disk to have written and trimmed them before the next run. */
async function emptied(folder: string): Promise<void> {
  const names = await fsp.readdir(folder).catch(() => []);
  await Promise.all(names.map((name) => fsp.rm(path.join(folder, name), { force: true })));
  await execFileAsync('sync');
}

async function main(): Promise<boolean> {
  const api = benchChild(file, 'api', null);
  const bare = benchChild(file, 'bare', null);
  try {
    const gather = (await message(api)) as Target;
    const baseline = (await message(bare)) as Target;
    const bytes = randomBytes(FILE_BYTES);
    // An MP4's first box, so the bytes are taken for a video as a phone's would be.
    Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex').copy(bytes);

    // One upload first, so the API has loaded what it needs before its RSS is the baseline.
    await tusUpload(gather, bytes.subarray(0, MB), 0);
    await emptied(gather.folder);
    const before = await usage(api);
    const bareBefore = await usage(bare);

    const bareRates: number[] = [];
    const gatherRates: number[] = [];
    let rssPeak = before.rssNow;
    let bareRssPeak = bareBefore.rssNow;
    let cpu = 0;
    let bareCpu = 0;
    const roundPeaks: number[] = [];
    const runBare = async () => {
      await usage(bare);
      bareRates.push(await measure(() => bareUpload(baseline, bytes)));
      const bareUsed = await usage(bare);
      bareRssPeak = Math.max(bareRssPeak, bareUsed.rssPeak);
      bareCpu += bareUsed.cpuSeconds;
      await emptied(baseline.folder);
    };
    const runGather = async () => {
      await usage(api);
      gatherRates.push(await measure((index) => tusUpload(gather, bytes, index)));
      const used = await usage(api);
      roundPeaks.push((used.rssPeak - before.rssNow) / MB);
      rssPeak = Math.max(rssPeak, used.rssPeak);
      cpu += used.cpuSeconds;
      const stored = (await fsp.readdir(gather.folder)).length;
      if (stored !== FILES) throw new Error(`${stored} of ${FILES} uploads were stored`);
      await emptied(gather.folder);
    };
    // Removing a run's gigabyte keeps the disk busy for a while after: each server goes first in every other
    // round, so neither always pays for the other's files.
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const run of round % 2 ? [runGather, runBare] : [runBare, runGather]) await run();
    }

    const bareMbps = median(bareRates);
    const gatherMbps = median(gatherRates);
    const ratio = gatherMbps / bareMbps;
    const growthMb = roundPeaks[0]!;
    const allRunsGrowthMb = (rssPeak - before.rssNow) / MB;
    const bareGrowthMb = (bareRssPeak - bareBefore.rssNow) / MB;
    const runs = (rates: number[]) => rates.map((rate) => rate.toFixed(0)).join(', ');
    console.log(`bare node:http to disk: ${bareMbps.toFixed(0)} MB/s (runs: ${runs(bareRates)})`);
    console.log(`Gather tus uploads:     ${gatherMbps.toFixed(0)} MB/s (runs: ${runs(gatherRates)})`);
    console.log(`ratio ${ratio.toFixed(2)} (target >= ${TARGET_RATIO})`);
    console.log(
      `API RSS ${(before.rssNow / MB).toFixed(0)} MB before, peak growth over ten uploads ${growthMb.toFixed(1)} MB ` +
        `(target < ${TARGET_RSS_GROWTH_MB} MB); over all ${ROUNDS} runs ${allRunsGrowthMb.toFixed(1)} MB ` +
        `(by run: ${roundPeaks.map((peak) => peak.toFixed(0)).join(', ')} MB)`,
    );
    console.log(`(the bare server's RSS grew ${bareGrowthMb.toFixed(1)} MB over its runs)`);
    const perGb = (seconds: number) => ((seconds / (ROUNDS * FILES * FILE_BYTES)) * 1024 * MB).toFixed(2);
    console.log(`server CPU per GB received: Gather ${perGb(cpu)} s, bare ${perGb(bareCpu)} s`);
    return ratio >= TARGET_RATIO && growthMb < TARGET_RSS_GROWTH_MB;
  } finally {
    agent.destroy();
    api.disconnect();
    bare.disconnect();
  }
}

const role = process.argv[2];
if (role === 'api') await runApi();
else if (role === 'bare') await runBare();
else process.exitCode = (await main()) ? 0 : 1;
