import type { PublicCollection } from '@gather/contracts';

type Limits = Pick<PublicCollection, 'allow_videos' | 'max_file_size_mb'>;

const MIB = 1024 * 1024;

/** What the file says it is; the server reads the bytes and decides for itself. */
export function fileKind(file: Pick<File, 'type'>): 'image' | 'video' | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  return null;
}

/** A file is taken if it is no bigger than the collection allows and is an image (or a video, where allowed). */
export function acceptsFile(file: Pick<File, 'type' | 'size'>, limits: Limits): boolean {
  const kind = fileKind(file);
  const allowedKind = kind === 'image' || (kind === 'video' && limits.allow_videos);
  return allowedKind && file.size <= limits.max_file_size_mb * MIB;
}

export function sortFiles<F extends Pick<File, 'type' | 'size'>>(files: F[], limits: Limits) {
  const accepted = files.filter((file) => acceptsFile(file, limits));
  return { accepted, skipped: files.length - accepted.length };
}

/** The file picker's `accept`: it offers only what the collection takes. */
export function pickerAccept(allowVideos: boolean): string {
  return allowVideos ? 'image/*,video/*' : 'image/*';
}

export function skippedMessage(count: number): string {
  return `${count} file(s) were skipped due to size or type restrictions.`;
}

/** A camera capture's name: what it is and when it was taken, e.g. photo-2026-11-22T10-15-30.jpg. */
export function captureName(kind: 'photo' | 'video', at: Date = new Date()): string {
  const stamp = at.toISOString().slice(0, 19).replace(/:/g, '-');
  return `${kind}-${stamp}.${kind === 'photo' ? 'jpg' : 'webm'}`;
}

export const PHOTO_QUALITY = 0.8;
export const RELOAD_AFTER_SECONDS = 5;
