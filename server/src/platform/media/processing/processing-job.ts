import { announcePublicChange } from '../../cache/public-cache.js';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_FAILURES } from '@gather/contracts';
import type { AppContext } from '../../context.js';
import {
  UploadProcessingRepository,
  type PendingUpload,
  type ProcessedUpload,
  type UploadTarget,
} from './processing-repository.js';
import { sniffMedia } from '../sniff.js';
import { mediaStorage } from '../media-store.js';
import type { MediaStorage } from '../storage.js';
import { boundImageWork, cleanFormatOf, writeImageVersions, type ImageSize } from './image.js';
import { MediaRefused } from './refused.js';
import { copyWithoutMetadata, extractFrame, needsPlayableCopy, probeVideo, writePlayableCopy } from './video.js';
import type { Processor } from '../../jobs/workers.js';

/** Where in a video its poster frame is taken, unless the video is shorter than twice this. */
const POSTER_AT_SECONDS = 1;

/**
 * How the pages showing a target's uploads hear that one was processed (or failed), given by the feature whose
 * uploads they are; each logs its own failures and never throws. A target without one has every API process
 * read its public lists afresh.
 */
export type UploadAnnouncers = Partial<Record<UploadTarget, (id: number) => Promise<void>>>;

/**
 * process-upload: checks a stored upload (a visitor's, an album photo, an event image or an album cover)
 * again by its bytes and makes it safe to show. The original is REPLACED by a cleaned copy under a new
 * name: upright, in its own format where possible (HEIC becomes JPEG), without EXIF, GPS or other metadata
 * (for videos: the container's metadata, when ffmpeg is installed), so nothing the site serves says where
 * a photo was taken. Until then the API hands out no URL for the file. Beside it go a WebP display size
 * and thumbnail (videos: an H.264 display copy when browsers cannot play the original, a poster frame and
 * its thumbnail). An event image or album cover is shown at one
 * size, so its cleaned copy is that WebP display size alone.
 *
 * A file refused for what it is (not an image, too many pixels) fails at once with a reason for
 * staff, and is removed with anything made from it; the row stays so staff see what happened.
 * Other errors (a disk, the database) are retried, and the upload fails after the last attempt.
 */
export function uploadProcessor(ctx: AppContext, announcers: UploadAnnouncers): Processor<'process-upload'> {
  boundImageWork();
  const storage = mediaStorage(ctx.config);
  const uploads = new UploadProcessingRepository(ctx.db);
  const announce = async (target: UploadTarget, id: number) => {
    const own = announcers[target];
    if (own) return own(id);
    // Albums, events and sermons show the cleaned copy once made: every API process reads its lists afresh.
    await announcePublicChange(ctx.redis, ctx.config.QUEUE_PREFIX).catch((error: unknown) =>
      ctx.log.warn({ err: error, target, id }, 'processed image not announced'),
    );
  };

  return async ({ target, id }, job) => {
    const upload = await uploads.pending(target, id);
    if (!upload) return;
    const made = new MadeFiles(storage, path.posix.dirname(upload.file), await storage.temporaryFolder());
    let processed: ProcessedUpload;
    try {
      const original = await storage.localCopy(upload.file);
      try {
        processed = await processFile(storage, original.path, upload, made);
        await made.store(processed);
      } finally {
        await original.release();
      }
      if (!(await uploads.finish(target, id, upload, processed))) {
        await made.removeAll();
        return;
      }
    } catch (error) {
      await made.removeAll();
      const refused = error instanceof MediaRefused;
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (!refused && !lastAttempt) throw error;
      if (!refused) ctx.log.error({ err: error, target, id }, 'upload processing gave up');
      const reason = refused ? error.reason : UPLOAD_FAILURES.gaveUp;
      if (await uploads.fail(target, id, upload, reason)) {
        await announce(target, id);
        await storage.remove(upload.file);
      }
      return;
    }
    await announce(target, id);
    // The row points at the cleaned copy now; the original, which may say where it was made, goes.
    if (processed.file !== upload.file) await storage.remove(upload.file);
  };
}

/**
 * New files of one attempt, under generated names beside the original, removed together if it fails. They are
 * written to this process's scratch folder first (tools write files) and go to the store once all are made.
 */
class MadeFiles {
  private readonly made: Array<{ relative: string; local: string }> = [];

  constructor(
    private readonly storage: MediaStorage,
    private readonly folder: string,
    private readonly scratchFolder: string,
  ) {}

  /** A fresh stored path, and the local file to write it to. */
  next(extension: string): { relative: string; local: string } {
    const file = {
      relative: this.storage.newPath(this.folder, extension),
      local: path.join(this.scratchFolder, `${randomUUID()}.${extension}`),
    };
    this.made.push(file);
    return file;
  }

  /** Moves what the processed upload uses into the store; a copy that failed halfway is not kept. */
  async store(processed: ProcessedUpload): Promise<void> {
    const used = new Set([processed.file, processed.display, processed.thumbnail, processed.poster]);
    for (const file of this.made) {
      if (used.has(file.relative)) await this.storage.moveIn(file.local, file.relative);
      else await fs.rm(file.local, { force: true });
    }
  }

  async removeAll(): Promise<void> {
    await Promise.all(this.made.map((file) => fs.rm(file.local, { force: true })));
    await this.storage.remove(...this.made.map((file) => file.relative));
  }
}

async function processFile(
  storage: MediaStorage,
  source: string,
  upload: PendingUpload,
  made: MadeFiles,
): Promise<ProcessedUpload> {
  const sniffed = await sniffMedia(source);
  if (upload.fileType === 'video') {
    if (sniffed?.fileType !== 'video') throw new MediaRefused(UPLOAD_FAILURES.notAVideo);
    return processVideo(storage, source, upload, sniffed.extension, sniffed.mimeType, made);
  }
  if (sniffed?.fileType !== 'image') throw new MediaRefused(UPLOAD_FAILURES.notAnImage);
  if (upload.picture) return processPicture(source, sniffed.extension, made);
  const format = cleanFormatOf(sniffed.extension);
  const [full, display, thumbnail] = [made.next(format.extension), made.next('webp'), made.next('webp')];
  const size = await writeImageVersions(source, sniffed.extension, {
    full: { path: full.local, format },
    display: display.local,
    thumbnail: thumbnail.local,
  });
  return {
    file: full.relative,
    mimeType: format.mimeType,
    fileSize: (await fs.stat(full.local)).size,
    display: display.relative,
    thumbnail: thumbnail.relative,
    poster: null,
    ...size,
    durationSeconds: null,
  };
}

async function processPicture(source: string, extension: string, made: MadeFiles): Promise<ProcessedUpload> {
  const shown = made.next('webp');
  const size = await writeImageVersions(source, extension, { display: shown.local });
  return {
    file: shown.relative,
    mimeType: 'image/webp',
    fileSize: (await fs.stat(shown.local)).size,
    display: null,
    thumbnail: null,
    poster: null,
    ...size,
    durationSeconds: null,
  };
}

/**
 * Without ffprobe and ffmpeg the video is kept as sent, ready but without duration or poster. A video not every
 * browser plays (an iPhone's HEVC, a .mov) gets an H.264 MP4 display copy for pages to play; the metadata-free
 * copy of what was sent stays the upload's file, so download-all hands out the original quality.
 */
async function processVideo(
  storage: MediaStorage,
  source: string,
  upload: PendingUpload,
  extension: string,
  mimeType: string,
  made: MadeFiles,
): Promise<ProcessedUpload> {
  const probe = await probeVideo(source);
  const cleaned = made.next(extension);
  const copied = probe !== undefined && (await copyWithoutMetadata(source, cleaned.local, extension));
  const file = copied ? cleaned.relative : upload.file;
  const video = copied ? cleaned.local : source;
  let display: string | null = null;
  let playableLocal: string | undefined;
  if (copied && needsPlayableCopy(probe, extension)) {
    const playable = made.next('mp4');
    if (await writePlayableCopy(video, playable.local)) {
      display = playable.relative;
      playableLocal = playable.local;
    }
  }
  // Copying writes a duration that browser recordings lack.
  const durationSeconds =
    (copied ? (await probeVideo(video))?.durationSeconds : null) ?? probe?.durationSeconds ?? null;
  // The playable copy is upright and H.264, so its frame is the cheaper and surer one to read.
  const framed = playableLocal ?? video;
  const poster = probe ? await posterOf(storage, framed, durationSeconds, made) : undefined;
  return {
    file,
    mimeType,
    fileSize: (await fs.stat(video)).size,
    display,
    thumbnail: poster?.thumbnail ?? null,
    poster: poster?.poster ?? null,
    width: poster?.width ?? null,
    height: poster?.height ?? null,
    durationSeconds,
  };
}

/** A poster (display size) and thumbnail, both WebP, from one frame; undefined when no frame could be read. */
async function posterOf(
  storage: MediaStorage,
  video: string,
  durationSeconds: number | null,
  made: MadeFiles,
): Promise<(ImageSize & { poster: string; thumbnail: string }) | undefined> {
  const frame = path.join(await storage.temporaryFolder(), `${randomUUID()}.png`);
  try {
    const at = durationSeconds ? Math.min(POSTER_AT_SECONDS, durationSeconds / 2) : 0;
    if (!(await extractFrame(video, frame, at))) return undefined;
    const [poster, thumbnail] = [made.next('webp'), made.next('webp')];
    const size = await writeImageVersions(frame, 'png', { display: poster.local, thumbnail: thumbnail.local });
    return { ...size, poster: poster.relative, thumbnail: thumbnail.relative };
  } catch (error) {
    if (error instanceof MediaRefused) return undefined;
    throw error;
  } finally {
    await fs.rm(frame, { force: true });
  }
}
