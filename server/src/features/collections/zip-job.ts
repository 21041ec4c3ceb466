import fs from 'node:fs/promises';
import path from 'node:path';
import { EXPORT_FAILED } from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { collectionFolder } from './answers.js';
import { ExportRepository, type ZipSource } from './export-repository.js';
import { CollectionLive } from './live.js';
import { expiryCutoff, toCollectionExport } from './export-answers.js';
import { mediaStorage } from '../../platform/media/media-store.js';
import { MissingMedia } from '../../platform/media/storage.js';
import { writeZip } from './zip.js';
import type { Processor } from '../../platform/jobs/workers.js';

/** Progress is written at most this often: a zip of thousands of photos must not mean thousands of updates. */
const PROGRESS_EVERY_MS = 500;
const NAME_MAX = 150;

/**
 * build-collection-zip: one zip of every ready upload of a collection, for staff to download.
 * It is written to the temporary folder and renamed into place when complete, inside a dot
 * folder of the collection: /media never serves dot folders, so only the signed-in download
 * gives it out, and deleting the collection sweeps it away with the photos.
 *
 * Expired zips (older than a day) are removed each time a zip is built; a failed build is marked
 * failed at once (staff can simply ask again) rather than retried for long minutes.
 */
export function collectionZipProcessor(ctx: AppContext): Processor<'build-collection-zip'> {
  const storage = mediaStorage(ctx.config);
  const exports = new ExportRepository(ctx.db);
  const live = new CollectionLive(ctx.live);
  /** Staff waiting for the zip see it move and finish without asking. */
  const announce = async (collectionId: string, exportId: string, stage: 'progress' | 'completed') => {
    try {
      const found = await exports.exportOf(collectionId, exportId, expiryCutoff());
      if (!found) return;
      const exported = toCollectionExport(found.export);
      if (stage === 'completed') live.exportCompleted(collectionId, exported);
      else live.exportProgress(collectionId, exported);
    } catch (error) {
      ctx.log.warn({ err: error, exportId }, 'zip progress not pushed');
    }
  };

  return async ({ exportId }) => {
    await storage.remove(...(await exports.removeCreatedBefore(expiryCutoff())));
    const running = await exports.markRunning(exportId);
    if (!running) return;
    await announce(running.collectionId, exportId, 'progress');
    const temporary = path.join(await storage.temporaryFolder(), `${exportId}.zip`);
    const target = path.posix.join(collectionFolder(running.collectionId), '.exports', `${exportId}.zip`);
    try {
      const uploads = await exports.readyUploads(running.collectionId, running.includePending);
      const names = zipEntryNames(uploads);
      const progress = new ProgressWriter(async (percent) => {
        await exports.setProgress(exportId, percent);
        await announce(running.collectionId, exportId, 'progress');
      });
      const zip = await writeZip(
        uploads.map((upload, index) => ({
          open: () =>
            storage.read(upload.file).catch((error: unknown) => {
              if (error instanceof MissingMedia) return undefined;
              throw error;
            }),
          name: names[index]!,
          date: upload.uploadedAt,
        })),
        temporary,
        (added, total) => progress.report(added, total),
      );
      await progress.settled();
      await storage.moveIn(temporary, target);
      if (await exports.markReady(exportId, { file: target, ...zip })) {
        await announce(running.collectionId, exportId, 'completed');
      } else await storage.remove(target);
    } catch (error) {
      ctx.log.error({ err: error, exportId }, 'collection zip failed');
      await fs.rm(temporary, { force: true });
      await storage.remove(target);
      await exports.markFailed(exportId, EXPORT_FAILED);
      await announce(running.collectionId, exportId, 'completed');
    }
  };
}

/** Writes progress in order and at most every PROGRESS_EVERY_MS; 100 is left for the finished zip. */
class ProgressWriter {
  private lastWrite = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly save: (percent: number) => Promise<void>) {}

  report(added: number, total: number): void {
    const now = Date.now();
    if (now - this.lastWrite < PROGRESS_EVERY_MS) return;
    this.lastWrite = now;
    const percent = Math.min(99, Math.floor((added / total) * 100));
    // Progress is only a hint for the page; a failed write must not stop the zip.
    this.writing = this.writing.then(() => this.save(percent)).catch(() => undefined);
  }

  settled(): Promise<void> {
    return this.writing;
  }
}

/**
 * "<uploader> - <original name>.<stored extension>" for each upload: no folders, no characters
 * Windows refuses, and unique the way Windows and macOS compare names (ignoring case).
 * The extension is the stored file's, since that is the format inside.
 */
function zipEntryNames(uploads: ZipSource[]): string[] {
  const taken = new Set<string>();
  return uploads.map((upload) => {
    const extension = path.posix.extname(upload.file);
    const original = safePart(upload.originalFilename.replace(/\.[^.]*$/, ''));
    const uploader = safePart(upload.uploaderName);
    const stem = [...[uploader, original || `upload-${upload.id}`].filter(Boolean).join(' - ')]
      .slice(0, NAME_MAX)
      .join('')
      .trim();
    let name = `${stem}${extension}`;
    for (let copy = 2; taken.has(name.toLowerCase()); copy += 1) name = `${stem} (${copy})${extension}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

function safePart(text: string): string {
  return text
    .replace(/[\p{Cc}\\/:*?"<>|]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
}
