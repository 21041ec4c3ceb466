import type { UploadFileType } from '@gather/contracts';
import { fileTypeFromFile } from 'file-type';

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
