import type { CollectionUpload } from '@gather/contracts';

/**
 * The slideshow caches at most this many uploads, the newest: a projector left running all day keeps
 * a bounded list however many arrive.
 */
export const SLIDESHOW_CACHE_SIZE = 200;
/** How long a photo stays up by default; `?seconds=` on the address chooses between the bounds. */
export const PHOTO_SECONDS = { default: 7, min: 2, max: 60 } as const;
/** A video plays through; one that stalls is left after its length and this much more. */
export const VIDEO_GRACE_SECONDS = 10;
/** A video of unknown length is left after this long at most. */
export const VIDEO_LONGEST_SECONDS = 300;
/** While the socket is down, the list is fetched this often. */
export const SLIDESHOW_POLL_MS = 15_000;

/** What can be shown: ready uploads with a file, oldest first, the newest SLIDESHOW_CACHE_SIZE of them. */
export function playlistOf(uploads: CollectionUpload[] | undefined): CollectionUpload[] {
  return (uploads ?? [])
    .filter((upload) => upload.status === 'ready' && upload.file !== null)
    .slice(0, SLIDESHOW_CACHE_SIZE)
    .reverse();
}

/**
 * The slide after `afterId`: an upload newer than any shown so far goes first (new arrivals jump the
 * queue, oldest of them first); otherwise the next in order, round and round.
 */
export function nextSlide(
  playlist: CollectionUpload[],
  afterId: number | null,
  newestShown: number,
): CollectionUpload | undefined {
  const arrived = playlist.find((upload) => upload.id > newestShown);
  if (arrived) return arrived;
  const at = playlist.findIndex((upload) => upload.id === afterId);
  if (at !== -1) return playlist[(at + 1) % playlist.length];
  // The upload shown last has gone from the list (hidden by staff): carry on from where it was.
  return playlist.find((upload) => upload.id > (afterId ?? 0)) ?? playlist[0];
}

/** The seconds a photo stays up, from the address's `?seconds=`. */
export function photoSeconds(asked: string | null): number {
  const seconds = Number(asked);
  if (!asked || !Number.isFinite(seconds)) return PHOTO_SECONDS.default;
  return Math.min(PHOTO_SECONDS.max, Math.max(PHOTO_SECONDS.min, Math.round(seconds)));
}

/**
 * The media URL a slide shows: the copy made for screens when there is one (a photo's WebP, or a
 * video's browser-playable copy where the original is kept for download-all), else the file.
 */
export function slideSource(upload: CollectionUpload): string | null {
  return upload.display ?? upload.file;
}

/** How long a video may play before the slideshow moves on anyway. */
export function videoLimitMs(upload: CollectionUpload): number {
  const seconds = upload.duration_seconds ? upload.duration_seconds + VIDEO_GRACE_SECONDS : VIDEO_LONGEST_SECONDS;
  return Math.min(seconds, VIDEO_LONGEST_SECONDS) * 1000;
}
