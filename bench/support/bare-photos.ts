import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/**
 * The photo-processing bench's baseline, in a process of its own so it leaves the API's memory alone:
 * `bare-photos.ts <at a time> <folder> <photo>...` makes the worker's three files from one decode of each
 * photo with sharp alone (same settings as the worker) and prints the seconds that took, and the CPU seconds.
 */
const [lanes, folder, ...photos] = process.argv.slice(2);
sharp.cache(false);
sharp.concurrency(1);
const within = (edge: number) => ({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true }) as const;

async function barePipeline(source: string, target: string): Promise<void> {
  const { data, info } = await sharp(source).autoOrient().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await fs.writeFile(`${target}.jpg`, await sharp(data, raw).jpeg({ quality: 85, optimiseCoding: false }).toBuffer());
  const display = await sharp(data, raw).resize(within(1920)).raw().toBuffer({ resolveWithObject: true });
  const shown = { raw: { width: display.info.width, height: display.info.height, channels: display.info.channels } };
  await fs.writeFile(`${target}.webp`, await sharp(display.data, shown).webp({ quality: 82, effort: 2 }).toBuffer());
  const thumbnail = await sharp(display.data, shown).resize(within(480)).webp({ quality: 80 }).toBuffer();
  await fs.writeFile(`${target}-thumb.webp`, thumbnail);
}

// Loads libvips' JPEG and WebP code before the clock starts, as the API had done before its photos.
await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
  .jpeg()
  .toBuffer();
const started = performance.now();
const cpu = process.cpuUsage();
let next = 0;
await Promise.all(
  Array.from({ length: Number(lanes) }, async () => {
    for (let index = next++; index < photos.length; index = next++) {
      await barePipeline(photos[index]!, path.join(folder!, String(index)));
    }
  }),
);
const { user, system } = process.cpuUsage(cpu);
console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, cpuSeconds: (user + system) / 1e6 }));
