import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const execFileAsync = promisify(execFile);

/** A JPEG as a phone takes it: with the camera's name and where it was taken (north London) in its EXIF. */
export function photoWithLocation(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#446688' } })
    .jpeg()
    .withExifMerge({
      IFD0: { Make: 'Phone maker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 33/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 6/1 0/1' },
    })
    .toBuffer();
}

/** Debian's libheif-examples: heif-enc makes HEIC fixtures; heif-info and heif-convert read them in the worker. */
export const hasHeifTools = ['heif-enc', 'heif-info', 'heif-convert'].every(
  (tool) => !spawnSync(tool, ['--help']).error,
);

/** Where the phone fixtures below were "taken": north London, in EXIF and in QuickTime's ISO 6709 form. */
export const FIXTURE_LOCATION_ISO6709 = '+51.5500-000.1000/';

/**
 * An iPhone-style HEIC photo, made with Debian's heif-enc (libheif-examples) from a JPEG that carries the
 * camera's EXIF with a GPS position and orientation 6 ("turn a quarter clockwise to show"). Its stored
 * pixels are `width` × `height`, red on the left half and blue on the right, so shown upright it is
 * `height` wide with red on top.
 *
 * `turnedByHeif` makes it as an iPhone does: the HEIF itself says to turn the picture a quarter clockwise (an
 * irot box, which libheif applies when decoding) and the EXIF orientation 6 only repeats that, so applying both
 * would turn it twice. heif-enc 1.15 writes no irot, so its colour box (the third property, same size) is
 * rewritten into one.
 */
export async function heicWithLocation(width: number, height: number, { turnedByHeif = false } = {}): Promise<Buffer> {
  const halves = await sharp({ create: { width: width / 2, height, channels: 3, background: '#ff0000' } })
    .extend({ right: width / 2, background: '#0000ff' })
    .png()
    .toBuffer();
  const jpeg = await sharp(halves)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Apple', Model: 'iPhone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 33/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 6/1 0/1' },
    })
    .toBuffer();
  return withTemporaryFolder(async (folder) => {
    const [source, target] = [path.join(folder, 'photo.jpg'), path.join(folder, 'photo.heic')];
    await fs.writeFile(source, jpeg);
    await execFileAsync('heif-enc', ['-q', '80', '-o', target, source]);
    const heic = await fs.readFile(target);
    return turnedByHeif ? colourBoxTurnedIntoIrot(heic) : heic;
  });
}

/** A HEIC holding two images, as a burst or Live Photo does: the first (primary) is `width` × `height`, the other 32 × 32. */
export async function heicWithTwoImages(width: number, height: number): Promise<Buffer> {
  return withTemporaryFolder(async (folder) => {
    const [primary, other, target] = ['primary.jpg', 'other.jpg', 'burst.heic'].map((name) => path.join(folder, name));
    await sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toFile(primary!);
    await sharp({ create: { width: 32, height: 32, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toFile(other!);
    await execFileAsync('heif-enc', ['-q', '80', '-o', target!, primary!, other!]);
    return fs.readFile(target!);
  });
}

/** A small HEIC whose header (its ispe box) claims `width` × `height` pixels: a decompression bomb's promise. */
export async function heicClaiming(width: number, height: number): Promise<Buffer> {
  const heic = Buffer.from(await heicWithLocation(64, 48));
  // Every image's: heif-enc may store a picture as a grid of tiles, each with a size of its own.
  for (let type = heic.indexOf('ispe', 0, 'latin1'); type >= 0; type = heic.indexOf('ispe', type + 4, 'latin1')) {
    heic.writeUInt32BE(width, type + 8);
    heic.writeUInt32BE(height, type + 12);
  }
  return heic;
}

/** Rewrites the colr property box in place into an irot box of the same size: 270° anticlockwise. */
function colourBoxTurnedIntoIrot(heic: Buffer): Buffer {
  const type = heic.indexOf('colr', 0, 'latin1');
  if (type < 4) throw new Error('heif-enc wrote no colour box to turn into an irot box');
  const size = heic.readUInt32BE(type - 4);
  const turned = Buffer.from(heic);
  turned.write('irot', type, 'latin1');
  turned.fill(0, type + 4, type - 4 + size);
  turned[type + 4] = 3;
  return turned;
}

/**
 * An iPhone-style video: HEVC (tagged hvc1, as Apple writes it) with AAC sound in a QuickTime .mov, with where
 * it was filmed in both the classic location tag and Apple's com.apple.quicktime.location.ISO6709 key.
 */
export async function hevcMovWithLocation(width = 640, height = 360, seconds = 2): Promise<Buffer> {
  return withTemporaryFolder(async (folder) => {
    const target = path.join(folder, 'IMG_0001.MOV');
    await execFileAsync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=30`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', String(seconds)],
      ...['-c:v', 'libx265', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      ...['-metadata', `location=${FIXTURE_LOCATION_ISO6709}`],
      ...['-metadata', `com.apple.quicktime.location.ISO6709=${FIXTURE_LOCATION_ISO6709}`],
      ...['-movflags', 'use_metadata_tags', '-f', 'mov', target],
    ]);
    return fs.readFile(target);
  });
}

/** What ffprobe says of a video file: its streams (codec, pixel format, size) and every tag, container's and streams'. */
export async function probed(file: string): Promise<{
  streams: {
    codec_type: string;
    codec_name: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    tags?: object;
  }[];
  format: { format_name: string; tags?: object };
}> {
  const { stdout } = await execFileAsync('ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,pix_fmt,width,height:stream_tags'],
    ...['-show_entries', 'format=format_name:format_tags', '-of', 'json', file],
  ]);
  return JSON.parse(stdout);
}

async function withTemporaryFolder<T>(use: (folder: string) => Promise<T>): Promise<T> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-fixture-'));
  try {
    return await use(folder);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/**
 * A GIF of `frames` frames of `width` × `height`, a few bytes each: every frame's data is one pixel, which
 * decoders spread over the frame. Cheap to send, dear to decode: what a visitor's script might upload.
 */
export function animatedGif(frames: number, width: number, height: number): Buffer {
  const twoBytes = (value: number) => [value & 0xff, value >> 8];
  // Header, screen size with a two-colour table (black, white).
  const bytes = [...Buffer.from('GIF89a'), ...twoBytes(width), ...twoBytes(height), 0x80, 0, 0, 0, 0, 0, 255, 255, 255];
  bytes.push(0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 0x03, 0x01, 0, 0, 0);
  for (let frame = 0; frame < frames; frame += 1) {
    bytes.push(0x21, 0xf9, 0x04, 0, 10, 0, 0, 0);
    bytes.push(0x2c, 0, 0, 0, 0, ...twoBytes(width), ...twoBytes(height), 0);
    // LZW with 2-bit codes: clear, colour 0, end, packed into two bytes.
    bytes.push(0x02, 0x02, 0x44, 0x01, 0x00);
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}
