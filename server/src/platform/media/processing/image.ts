import fs from 'node:fs/promises';
import { UPLOAD_FAILURES } from '@gather/contracts';
import { imagePixelCount, MAX_IMAGE_PIXELS } from '../sniff.js';
import sharp, { type OutputInfo, type ResizeOptions, type Sharp } from 'sharp';
import { withDecodedHeif } from './heif.js';
import { MediaRefused } from './refused.js';

export const THUMBNAIL_EDGE = 480;
export const DISPLAY_EDGE = 1920;

/** How the full-size copy that replaces an original is written. */
export interface CleanFormat {
  extension: string;
  mimeType: string;
  /** Keeps every frame of an animation; otherwise only the first is read. */
  animated: boolean;
  encode(image: Sharp): Sharp;
}

const JPEG: CleanFormat = {
  extension: 'jpg',
  mimeType: 'image/jpeg',
  animated: false,
  // Quality 85 without optimised Huffman tables: a quarter of the CPU of quality 90 with them on a 12 MP photo,
  // and a smaller file than quality 90, with no difference a visitor can see at full size.
  encode: (image) => image.jpeg({ quality: 85, optimiseCoding: false }),
};
const PNG: CleanFormat = { extension: 'png', mimeType: 'image/png', animated: false, encode: (image) => image.png() };

/** Each uploadable image format (by its sniffed extension) is kept as itself where sharp can write it. */
const CLEAN_FORMATS: Record<string, CleanFormat> = {
  jpg: JPEG,
  png: PNG,
  // sharp writes no animated PNG, so an APNG keeps its first frame.
  apng: PNG,
  gif: { extension: 'gif', mimeType: 'image/gif', animated: true, encode: (image) => image.gif() },
  webp: { extension: 'webp', mimeType: 'image/webp', animated: true, encode: (image) => image.webp({ quality: 90 }) },
  avif: { extension: 'avif', mimeType: 'image/avif', animated: false, encode: (image) => image.avif() },
  // Only Safari shows HEIC; everyone can see a JPEG.
  heic: JPEG,
};

/**
 * Keeps libvips small inside the API's process (the embedded default runs the worker there). Its operation cache
 * keeps recent images for re-use, which a worker that never reads a photo twice does not need; it only held memory.
 * One libvips thread per photo: photos are processed WORKER_UPLOAD_CONCURRENCY at a time, which keeps the cores
 * busy, and each extra thread has its own buffers and glibc malloc arena (sharp picks 1 on glibc for that reason,
 * but not elsewhere).
 */
export function boundImageWork(): void {
  sharp.cache(false);
  sharp.concurrency(1);
}

export function cleanFormatOf(sniffedExtension: string): CleanFormat {
  return CLEAN_FORMATS[sniffedExtension] ?? JPEG;
}

export interface ImageTargets {
  /** Absolute path of the full-size copy, when the original is to be replaced by one. */
  full?: { path: string; format: CleanFormat };
  /** Absolute paths of the WebP display size and (unless the picture is only shown at one size) thumbnail. */
  display: string;
  thumbnail?: string;
}

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Writes upright versions of an image: optionally a full-size copy in its own format, then WebP
 * display and thumbnail sizes, never enlarged. sharp writes no metadata unless told to (nothing
 * here calls keepExif or withMetadata), so EXIF with its GPS position, XMP and IPTC stay behind.
 * A HEIC/HEIF photo is first decoded by libheif (see heif.ts). Answers the upright size.
 */
export async function writeImageVersions(
  source: string,
  sourceExtension: string,
  targets: ImageTargets,
): Promise<ImageSize> {
  if (sourceExtension !== 'heic') {
    // Before any decoding: libvips bounds each frame's pixels, not an animation's total. (heif.ts bounds HEIC's.)
    if (((await imagePixelCount(source)) ?? 0) > MAX_IMAGE_PIXELS)
      throw new MediaRefused(UPLOAD_FAILURES.imageTooLarge);
    return writeVersions(source, sourceExtension, { autoOrient: true }, targets);
  }
  return withDecodedHeif(source, (decoded) =>
    writeVersions(decoded.path, sourceExtension, { autoOrient: !decoded.upright }, targets),
  );
}

/**
 * The photo is decoded once, to raw upright pixels, and every version is made from those: decoding is the dearest
 * step, and the thumbnail is made from the display size rather than from the full photo again. Only an animation's
 * full-size copy reads the file again, as it needs every frame. A failure to decode is a MediaRefused (the file is
 * at fault); a failure after that (encoding from raw pixels, writing to disk) is an error worth retrying.
 */
async function writeVersions(
  source: string,
  sourceExtension: string,
  { autoOrient }: { autoOrient: boolean },
  targets: ImageTargets,
): Promise<ImageSize> {
  const decoded = <T>(work: () => Promise<T>): Promise<T> =>
    work().catch((error: unknown) => {
      throw refusalFor(error, sourceExtension);
    });
  const read = (animated = false) => {
    const image = sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, animated });
    return autoOrient ? image.autoOrient() : image;
  };

  const animation = targets.full?.format.animated && (await pagesOf(source)) > 1 ? targets.full : undefined;
  if (animation)
    await fs.writeFile(animation.path, await decoded(() => animation.format.encode(read(true)).toBuffer()));
  const still = animation ? undefined : targets.full;
  const { size, display } = await fullSizeAndDisplay(
    await decoded(() => read().raw().toBuffer({ resolveWithObject: true })),
    still,
  );
  await fs.writeFile(targets.display, await fromRaw(display).webp(DISPLAY_WEBP).toBuffer());
  if (targets.thumbnail) {
    const thumbnail = await fromRaw(display).resize(within(THUMBNAIL_EDGE)).webp({ quality: 80 }).toBuffer();
    await fs.writeFile(targets.thumbnail, thumbnail);
  }
  return size;
}

/** How many frames the header announces; 1 when it cannot be read, so that decoding then says what is wrong. */
async function pagesOf(source: string): Promise<number> {
  const header = await sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS })
    .metadata()
    .catch(() => undefined);
  return header?.pages ?? 1;
}

/**
 * Writes the full-size copy from the decoded pixels and answers the display size's pixels. Only the display size
 * leaves here, so the full-size pixels (36 MB for a 12 MP photo) can go before the WebP encodes.
 */
async function fullSizeAndDisplay(
  pixels: RawImage,
  full: ImageTargets['full'],
): Promise<{ size: ImageSize; display: RawImage }> {
  if (full) await fs.writeFile(full.path, await full.format.encode(fromRaw(pixels)).toBuffer());
  const display = await fromRaw(pixels).resize(within(DISPLAY_EDGE)).raw().toBuffer({ resolveWithObject: true });
  return { size: { width: pixels.info.width, height: pixels.info.height }, display };
}

/** Effort 2 of 6 takes half the CPU of the default 4 for a 4 % larger file. */
const DISPLAY_WEBP = { quality: 82, effort: 2 } as const;

type RawImage = { data: Buffer; info: OutputInfo };

function fromRaw({ data, info }: RawImage): Sharp {
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

function within(edge: number): ResizeOptions {
  return { width: edge, height: edge, fit: 'inside', withoutEnlargement: true };
}

function refusalFor(error: unknown, sourceExtension: string): MediaRefused {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return new MediaRefused(UPLOAD_FAILURES.imageTooLarge);
  if (sourceExtension === 'heic') return new MediaRefused(UPLOAD_FAILURES.unreadableFormat);
  return new MediaRefused(UPLOAD_FAILURES.notAnImage);
}
