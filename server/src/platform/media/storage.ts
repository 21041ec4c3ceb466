import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors.js';
import type { Readable } from 'node:stream';

/** Originals waiting for the worker carry this prefix: a dot name, which /media never serves. */
const AWAITING_PROCESSING = '.processing-';

/**
 * The public URL path of a stored media file; the database keeps only the relative path. An original still
 * waiting for the worker has none: it may carry where a photo was taken.
 */
export function mediaUrl(relativePath: string | null | undefined): string | null {
  return relativePath && !isAwaitingProcessing(relativePath) ? `/media/${relativePath}` : null;
}

export function isAwaitingProcessing(relativePath: string): boolean {
  return path.posix.basename(relativePath).startsWith(AWAITING_PROCESSING);
}

/** One stored file as `list` gives it: its relative path and its size in bytes. */
export interface StoredFile {
  path: string;
  size: number;
}

/** A stored file on this machine's disk for tools that read files (sharp, ffmpeg); `release` when done. */
export interface LocalCopy {
  path: string;
  release(): Promise<void>;
}

/** A file asked for by path that is not stored (any more). */
export class MissingMedia extends Error {
  constructor(relativePath: string) {
    super(`no stored media at ${relativePath}`);
  }
}

/**
 * Where finished media are kept: a local folder or an S3-compatible store (see media-store.ts, which picks one from
 * the settings). Names are always generated here, never taken from a visitor, so a stored path can never point
 * outside the store. Files still arriving, and the worker's scratch files, stay on this process's own disk under
 * `scratchRoot` (the media folder): only finished media go to the store.
 */
export abstract class MediaStorage {
  /** Free room below which new uploads are refused (MIN_FREE_DISK_MB); 0: never. */
  minFreeDiskMb = 0;

  constructor(readonly scratchRoot: string) {}

  /**
   * Refuses a new upload (507) while the disk files arrive on has less free room than `minFreeDiskMb`: checked
   * before the first byte, so a full disk costs a visitor one short answer, not a long upload that then fails.
   */
  async ensureRoomForUploads(): Promise<void> {
    if (this.minFreeDiskMb === 0) return;
    const disk = await fs.statfs(await this.temporaryFolder());
    if (disk.bavail * disk.bsize < this.minFreeDiskMb * 1024 * 1024) {
      throw new AppError(507, {
        detail: 'The site cannot take uploads just now because its storage is nearly full. Please try again later.',
      });
    }
  }

  /** A fresh relative path such as `collections/<id>/<uuid>.jpg`. */
  newPath(folder: string, extension: string): string {
    return path.posix.join(folder, `${randomUUID()}.${extension}`);
  }

  /** A fresh path for an original the worker has yet to clean; nothing under it is ever served. */
  newPathAwaitingProcessing(folder: string, extension: string): string {
    return path.posix.join(folder, `${AWAITING_PROCESSING}${randomUUID()}.${extension}`);
  }

  abstract write(relativePath: string, content: Buffer | Readable): Promise<void>;

  /** Moves a finished temporary file (from temporaryFolder) into the store; the temporary file is gone after. */
  abstract moveIn(temporaryFile: string, relativePath: string): Promise<void>;

  /** The stored bytes; MissingMedia when there are none. */
  abstract read(relativePath: string): Promise<Readable>;

  /** Its size in bytes, or undefined when nothing is stored there. */
  abstract size(relativePath: string): Promise<number | undefined>;

  /** Every stored file under `prefix` (a folder such as `collections/`), temporary files excluded. */
  abstract list(prefix?: string): AsyncIterable<StoredFile>;

  /** Removes files that may or may not exist; a missing file is already gone. */
  abstract remove(...relativePaths: Array<string | null | undefined>): Promise<void>;

  abstract removeFolder(relativeFolder: string): Promise<void>;

  /** A file on local disk with the stored bytes, for tools that only read files. */
  abstract localCopy(relativePath: string): Promise<LocalCopy>;

  /**
   * Removes a file that was moved in but is not kept: an upload to an album or collection deleted while the file
   * arrived must not bring back what the deletion swept.
   */
  async discard(relativePath: string | undefined): Promise<void> {
    if (relativePath) await this.remove(relativePath);
  }

  /** Where uploads are streamed while they arrive, inside the media folder so moving them in is a rename. */
  async temporaryFolder(): Promise<string> {
    const folder = path.join(this.scratchRoot, '.incoming');
    await fs.mkdir(folder, { recursive: true });
    return folder;
  }

  /**
   * Where resumable (tus) uploads wait for their next piece, inside the temporary folder so finishing one is a
   * rename too. Each upload is a data file plus its `<id>.json` description.
   */
  async resumableFolder(): Promise<string> {
    const folder = path.join(await this.temporaryFolder(), RESUMABLE_FOLDER);
    await fs.mkdir(folder, { recursive: true });
    return folder;
  }

  /**
   * Removes half-received uploads a crash left behind, and resumable uploads nobody continued. Only old ones:
   * another API process may be receiving a file right now. The resumable folder itself stays (it is in use);
   * its uploads go one by one, by when their last piece arrived.
   */
  async removeStaleIncoming(olderThanMs = 24 * 3600 * 1000): Promise<number> {
    const folder = await this.temporaryFolder();
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of await fs.readdir(folder)) {
      const file = path.join(folder, name);
      if (name === RESUMABLE_FOLDER) {
        removed += await removeStaleResumable(file, cutoff);
        continue;
      }
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && stat.mtimeMs < cutoff) {
        await fs.rm(file, { force: true, recursive: true });
        removed += 1;
      }
    }
    return removed;
  }
}

/** Stored paths are generated, so one with an empty, dot-dot or absolute part is a bug, never a file to touch. */
export function checkedPath(relativePath: string): string {
  const parts = relativePath.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..') || relativePath.includes('\\'))
    throw new Error(`media path escapes the media folder: ${relativePath}`);
  return relativePath;
}

const RESUMABLE_FOLDER = 'tus';
const DESCRIPTION = '.json';

/**
 * An upload is stale when neither its data (written by every piece) nor its description changed since `cutoff`;
 * both files go together, so an upload is never left half-known. Returns how many uploads went.
 */
async function removeStaleResumable(folder: string, cutoff: number): Promise<number> {
  const lastChange = new Map<string, number>();
  for (const name of await fs.readdir(folder)) {
    const stat = await fs.stat(path.join(folder, name)).catch(() => undefined);
    if (!stat?.isFile()) continue;
    const id = name.endsWith(DESCRIPTION) ? name.slice(0, -DESCRIPTION.length) : name;
    lastChange.set(id, Math.max(lastChange.get(id) ?? 0, stat.mtimeMs));
  }
  const stale = [...lastChange].filter(([, changed]) => changed < cutoff).map(([id]) => id);
  for (const id of stale) {
    await fs.rm(path.join(folder, id), { force: true });
    await fs.rm(path.join(folder, id + DESCRIPTION), { force: true });
  }
  return stale.length;
}
