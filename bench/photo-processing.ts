import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import sharp from 'sharp';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { runWorker } from '@gather/server/worker/run';
import { startBenchSite } from './support/site.js';

/**
 * Photo processing: PHOTOS phone photos (12 MP JPEGs with EXIF, GPS and orientation, made here) uploaded to a
 * collection and made ready by the worker running inside the API's process, as on the embedded default (outbox,
 * BullMQ, processor, database; receiving the files is upload-ingest's business, so the clock starts once they
 * are in), against a bare sharp pipeline making the same outputs (full-size JPEG,
 * WebP display size and thumbnail) from one decode of the same photos, as many at a time as the worker takes, in a
 * process of its own, in rounds between the worker's.
 * Also the process's RSS: before, at its peak and after the photos, the memory the API keeps.
 */
const PHOTOS = Number(process.env.PHOTOS ?? 60);
const DISTINCT = 6;
const WIDTH = 4032;
const HEIGHT = 3024;
const ROUNDS = 3;
const log = pino({ level: 'warn' });
const execFileAsync = promisify(execFile);
const MB = 1024 * 1024;

async function main(): Promise<void> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-photo-bench-'));
  const photos = await makePhotos(folder);
  const site = await startBenchSite({ WORKER_QUEUES: 'uploads', RATE_LIMIT_UPLOADS: '100000' }, log);
  const { config, stack, server } = site;
  const worker = await runWorker(stack.ctx);
  const lanes = config.WORKER_UPLOAD_CONCURRENCY;
  const rss = new RssWatch();
  try {
    const [collection] = await stack.ctx.db
      .insert(photoCollections)
      .values({ name: 'Bench', maxFileSizeMb: 100 })
      .returning();
    // Made once: the phones' side of an upload is not the server's work.
    const bytes = await Promise.all(
      photos.map(async (photo) => new Blob([await fs.readFile(photo)], { type: 'image/jpeg' })),
    );
    // One photo first, so the code and libvips are loaded before memory and time are measured.
    await uploadAll(server.url, collection!.id, [bytes[0]!]);
    await readyCount(collection!.id, 1);
    global.gc?.();
    rss.start();

    // Rounds of worker then bare, so a busy neighbour on the machine slows both alike.
    let [workerSeconds, workerCpu, bareSeconds, bareCpu, done] = [0, 0, 0, 0, 0];
    for (let round = 0; round < ROUNDS; round += 1) {
      const count = Math.round((PHOTOS * (round + 1)) / ROUNDS) - done;
      const batch = Array.from({ length: count }, (_, index) => (done + index) % DISTINCT);
      // Uploads arrive while the worker waits, so the clock times the worker's work alone, not receiving files.
      await Promise.all(worker.workers.map((queueWorker) => queueWorker.pause()));
      await uploadAll(
        server.url,
        collection!.id,
        batch.map((index) => bytes[index]!),
      );
      const [started, cpu] = [performance.now(), process.cpuUsage()];
      for (const queueWorker of worker.workers) queueWorker.resume();
      await readyCount(collection!.id, done + count + 1);
      workerSeconds += (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      workerCpu += (used.user + used.system) / 1e6;
      const baseline = await bare(
        lanes,
        await fs.mkdtemp(path.join(folder, 'bare-')),
        batch.map((index) => photos[index]!),
      );
      bareSeconds += baseline.seconds;
      bareCpu += baseline.cpuSeconds;
      done += count;
    }
    const afterWorker = rss.sample();

    const workerRate = PHOTOS / workerSeconds;
    const bareRate = PHOTOS / bareSeconds;
    console.log(
      `photo processing, ${PHOTOS} photos of ${WIDTH}x${HEIGHT} (JPEG, EXIF with GPS and orientation), ` +
        `${lanes} at a time, sharp using ${sharp.concurrency()} threads, ${os.cpus().length} cores`,
    );
    console.log(`  queue + worker + database: ${workerRate.toFixed(2)} photos/s (${workerSeconds.toFixed(1)} s)`);
    console.log(`  bare sharp, one decode:    ${bareRate.toFixed(2)} photos/s (${bareSeconds.toFixed(1)} s)`);
    console.log(`  ratio: ${(workerRate / bareRate).toFixed(2)} (worker / bare)`);
    // On a machine others are using, CPU per photo says what the work costs whatever the wall clock did.
    const [workerCpuPerPhoto, bareCpuPerPhoto] = [workerCpu / PHOTOS, bareCpu / PHOTOS];
    console.log(
      `  CPU per photo: ${workerCpuPerPhoto.toFixed(2)} s in the API process (queue, worker, database), ${bareCpuPerPhoto.toFixed(2)} s bare: ratio ` +
        `${(bareCpuPerPhoto / workerCpuPerPhoto).toFixed(2)} (bare / worker)`,
    );
    console.log(
      `  API process RSS: ${(rss.baseline / MB).toFixed(0)} MB before, peak ${(rss.peak / MB).toFixed(0)} MB, ` +
        `${(afterWorker / MB).toFixed(0)} MB after the photos: growth ${((afterWorker - rss.baseline) / MB).toFixed(0)} MB ` +
        `(peak ${((rss.peak - rss.baseline) / MB).toFixed(0)} MB); MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? 'unset'}`,
    );
  } finally {
    rss.stop();
    await worker.close();
    await site.stop();
    await fs.rm(folder, { recursive: true, force: true });
  }

  async function readyCount(collectionId: string, count: number): Promise<void> {
    const ready = and(eq(collectionUploads.collectionId, collectionId), eq(collectionUploads.status, 'ready'));
    while ((await stack.ctx.db.$count(collectionUploads, ready)) < count) {
      rss.sample();
      const failed = and(eq(collectionUploads.collectionId, collectionId), eq(collectionUploads.status, 'failed'));
      if (await stack.ctx.db.$count(collectionUploads, failed)) throw new Error('a photo failed to process');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Four uploads in flight, as a few guests' phones at once. */
async function uploadAll(url: string, collectionId: string, photos: Blob[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let index = next++; index < photos.length; index = next++) {
        const form = new FormData();
        form.append('uploader_name', 'Bench');
        form.append('file', photos[index]!, `IMG_${index}.JPG`);
        const answer = await fetch(`${url}/api/photo-collections/public/${collectionId}/upload/`, {
          method: 'POST',
          body: form,
        });
        if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
      }
    }),
  );
}

/** The bare pipeline's seconds and CPU seconds for these photos, run in its own process (bench/support/bare-photos.ts). */
async function bare(lanes: number, folder: string, photos: string[]): Promise<{ seconds: number; cpuSeconds: number }> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'bare-photos.ts');
  const { stdout } = await execFileAsync(process.execPath, [
    '--import',
    'tsx',
    script,
    String(lanes),
    folder,
    ...photos,
  ]);
  return JSON.parse(stdout) as { seconds: number; cpuSeconds: number };
}

/**
 * Phone-like photos: smooth shapes with a fine grain (a flat colour would compress to nothing), at quality 92,
 * with the camera's EXIF: maker, GPS position and orientation 6 (taken upright), about 4 MB each.
 */
async function makePhotos(folder: string): Promise<string[]> {
  return Promise.all(
    Array.from({ length: DISTINCT }, async (_, index) => {
      const shapes = await sharp({
        create: {
          width: WIDTH / 16,
          height: HEIGHT / 16,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
        .raw()
        .toBuffer();
      const grain = await sharp({
        create: {
          width: WIDTH,
          height: HEIGHT,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 6 },
        },
      })
        .raw()
        .toBuffer();
      for (let at = 0; at < shapes.length; at += 1)
        shapes[at] = Math.min(255, Math.max(0, shapes[at]! + grain[at]! - 128));
      const file = path.join(folder, `photo-${index}.jpg`);
      await sharp(shapes, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
        .jpeg({ quality: 92 })
        .withMetadata({ orientation: 6 })
        .withExifMerge({
          IFD0: { Make: 'Phone maker', Model: 'Phone 15' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '51/1 33/1 0/1',
            GPSLongitudeRef: 'W',
            GPSLongitude: '0/1 6/1 0/1',
          },
        })
        .toFile(file);
      return file;
    }),
  );
}

/** The process's resident memory, sampled while the photos are processed. */
class RssWatch {
  baseline = 0;
  peak = 0;
  private timer: NodeJS.Timeout | undefined;

  start(): void {
    this.baseline = process.memoryUsage.rss();
    this.peak = this.baseline;
    this.timer = setInterval(() => this.sample(), 50);
  }

  sample(): number {
    const now = process.memoryUsage.rss();
    this.peak = Math.max(this.peak, now);
    return now;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
