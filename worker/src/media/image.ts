import fs from 'node:fs/promises';
import { UPLOAD_FAILURES } from '@gather/contracts';
import { MAX_IMAGE_PIXELS } from '@gather/backend/media/sniff';
import sharp, { type ResizeOptions, type Sharp } from 'sharp';
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
  encode: (image) => image.jpeg({ quality: 90 }),
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
 * Each version is encoded to memory first, so a failure to decode is told apart from a failing disk:
 * the first is a MediaRefused, the second an error worth retrying. Answers the upright size.
 */
export async function writeImageVersions(
  source: string,
  sourceExtension: string,
  targets: ImageTargets,
): Promise<ImageSize> {
  const decoded = <T>(work: () => Promise<T>): Promise<T> =>
    work().catch((error: unknown) => {
      throw refusalFor(error, sourceExtension);
    });
  const upright = (animated = false) => sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, animated }).autoOrient();

  const { autoOrient } = await decoded(() => sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata());
  // One version at a time: decoding a large photo is what takes the memory.
  if (targets.full) {
    const { format, path } = targets.full;
    await fs.writeFile(path, await decoded(() => format.encode(upright(format.animated)).toBuffer()));
  }
  const display = await decoded(() => upright().resize(within(DISPLAY_EDGE)).webp({ quality: 82 }).toBuffer());
  await fs.writeFile(targets.display, display);
  if (targets.thumbnail) {
    const thumbnail = await decoded(() => upright().resize(within(THUMBNAIL_EDGE)).webp({ quality: 80 }).toBuffer());
    await fs.writeFile(targets.thumbnail, thumbnail);
  }
  return { width: autoOrient.width, height: autoOrient.height };
}

function within(edge: number): ResizeOptions {
  return { width: edge, height: edge, fit: 'inside', withoutEnlargement: true };
}

function refusalFor(error: unknown, sourceExtension: string): MediaRefused {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return new MediaRefused(UPLOAD_FAILURES.imageTooLarge);
  // The HEVC codec inside most HEIC photos is not in sharp's build.
  if (sourceExtension === 'heic') return new MediaRefused(UPLOAD_FAILURES.unreadableFormat);
  return new MediaRefused(UPLOAD_FAILURES.notAnImage);
}
