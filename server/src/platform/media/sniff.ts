import type { UploadFileType } from '@gather/contracts';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';

/**
 * Formats visitors may upload, keyed by the extension file-type names for the
 * bytes. The visitor's file name and declared type are never trusted.
 */
const UPLOADABLE: Record<string, UploadFileType> = {
  jpg: 'image',
  png: 'image',
  // An animated PNG is still a PNG; phones and editors produce them.
  apng: 'image',
  gif: 'image',
  webp: 'image',
  // file-type names HEIF images "heic" too.
  heic: 'image',
  avif: 'image',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
  '3gp': 'video',
  m4v: 'video',
  mkv: 'video',
};

export interface SniffedMedia {
  fileType: UploadFileType;
  extension: string;
  mimeType: string;
}

/** The real type of an uploadable image or video, read from its first bytes; undefined for anything else. */
export async function sniffMedia(filePath: string): Promise<SniffedMedia | undefined> {
  const detected = await fileTypeFromFile(filePath);
  if (!detected || !Object.hasOwn(UPLOADABLE, detected.ext)) return undefined;
  return { fileType: UPLOADABLE[detected.ext]!, extension: detected.ext, mimeType: detected.mime };
}

/**
 * What one image may hold, every frame of an animation counted: a 50 MP phone photo with room to spare. Decoding
 * costs about 2 bytes and a few nanoseconds of CPU per pixel, so a small file declaring more (a decompression bomb,
 * a 4 KB GIF of a hundred large frames) is refused from its header, before a pixel is decoded.
 */
export const MAX_IMAGE_PIXELS = 60_000_000;

/**
 * What an image's header says it holds, every frame counted, read without decoding a pixel; undefined when no
 * header can be read. This reads HEIC headers too: sharp's libvips parses HEIF boxes, it only lacks the HEVC
 * decoder for the pixels.
 */
export async function imagePixelCount(filePath: string): Promise<number | undefined> {
  try {
    // No limit here: reading the header decodes nothing, and the caller judges the count.
    const { width, height, pages } = await sharp(filePath, { limitInputPixels: false }).metadata();
    // Read without `animated`, the height is one frame's.
    return width * height * (pages ?? 1);
  } catch {
    return undefined;
  }
}
