import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_FAILURES } from '@gather/contracts';
import { MAX_IMAGE_PIXELS } from '../sniff.js';
import { MediaRefused } from './refused.js';
import { runTool, ToolFailed } from './tools.js';

/** A HEIC/HEIF photo's primary image as a JPEG sharp can read. */
export interface DecodedHeif {
  path: string;
  /**
   * True when the HEIF's own rotation or mirroring (irot/imir) is already applied. The file's EXIF
   * orientation then only repeats it (iPhones write both) and must not be applied a second time.
   */
  upright: boolean;
}

/**
 * Decodes a HEIC/HEIF photo with libheif's heif-convert (Debian's libheif-examples) and hands its primary image,
 * as a JPEG in a temporary folder, to `use`; the folder goes afterwards.
 *
 * Why heif-convert rather than heic-decode (libheif compiled to wasm, in npm): on a 12 MP iPhone-sized photo it
 * decodes in 1.25 s of CPU against 1.8 s, and it runs in its own process, so the memory of a decode is given back
 * when it exits (a wasm heap grows in the API's process and never shrinks) and a stuck decode can be killed.
 * The JPEG it writes is quality 100: 0.1 s more than no output at all, where a lossless PNG costs 1.4 s, and
 * HEIC's own chroma is halved already, so nothing a visitor could see is lost before the real copies are made.
 */
export async function withDecodedHeif<T>(source: string, use: (decoded: DecodedHeif) => Promise<T>): Promise<T> {
  const header = await heifHeader(source);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-heif-'));
  try {
    const written = path.join(folder, 'photo.jpg');
    await heifTool('heif-convert', ['-q', '100', source, written]);
    // Bursts and Live Photos hold several images; heif-convert writes each, numbered in the order heif-info lists.
    const primary = header.images > 1 ? path.join(folder, `photo-${header.primaryIndex + 1}.jpg`) : written;
    return await use({ path: primary, upright: header.transformed });
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

interface HeifHeader {
  images: number;
  primaryIndex: number;
  transformed: boolean;
}

/** What the file's boxes say, read without decoding: refused when an image promises more pixels than we decode. */
async function heifHeader(source: string): Promise<HeifHeader> {
  // heif-info lists the images; with -d it dumps the boxes (irot, imir) instead.
  const [list, boxes] = await Promise.all([heifTool('heif-info', [source]), heifTool('heif-info', ['-d', source])]);
  const images = [...list.matchAll(/^image: (\d+)x(\d+) \(id=\d+\)(, primary)?/gm)];
  if (!images.length) throw new MediaRefused(UPLOAD_FAILURES.unreadableFormat);
  // heif-convert decodes every top-level image, so each one is held to the limit.
  if (images.some(([, width, height]) => Number(width) * Number(height) > MAX_IMAGE_PIXELS)) {
    throw new MediaRefused(UPLOAD_FAILURES.imageTooLarge);
  }
  return {
    images: images.length,
    primaryIndex: Math.max(
      0,
      images.findIndex((image) => image[3]),
    ),
    transformed: /^[| ]*Box: (irot|imir) /m.test(boxes),
  };
}

/** Runs heif-convert or heif-info; a missing tool or an unreadable file is a reason for staff, not a retry. */
async function heifTool(tool: 'heif-convert' | 'heif-info', args: string[]): Promise<string> {
  const output = await runTool(tool, args).catch((error: unknown) => {
    if (error instanceof ToolFailed) throw new MediaRefused(UPLOAD_FAILURES.unreadableFormat);
    throw error;
  });
  if (output === undefined) throw new MediaRefused(UPLOAD_FAILURES.heicToolMissing);
  return output;
}
