import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

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

/**
 * Files under the media directory. Names are always generated here, never taken
 * from a visitor, so a stored path can never point outside the folder.
 */
export class MediaStorage {
  constructor(readonly root: string) {}

  /** A fresh relative path such as `collections/<id>/<uuid>.jpg`. */
  newPath(folder: string, extension: string): string {
    return path.posix.join(folder, `${randomUUID()}.${extension}`);
  }

  /** A fresh path for an original the worker has yet to clean; nothing under it is ever served. */
  newPathAwaitingProcessing(folder: string, extension: string): string {
    return path.posix.join(folder, `${AWAITING_PROCESSING}${randomUUID()}.${extension}`);
  }

  absolute(relativePath: string): string {
    const resolved = path.resolve(this.root, relativePath);
    if (!resolved.startsWith(this.root + path.sep))
      throw new Error(`media path escapes the media folder: ${relativePath}`);
    return resolved;
  }

  async write(relativePath: string, content: Buffer): Promise<void> {
    const target = this.absolute(relativePath);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, content);
  }

  /**
   * Moves a finished temporary file into place (same file system, so a rename). A failed upload beside it
   * may remove the folder just made (see discard), so a folder gone meanwhile is made once more.
   */
  async moveIn(temporaryFile: string, relativePath: string): Promise<void> {
    const target = this.absolute(relativePath);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(temporaryFile, target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(temporaryFile, target);
    });
  }

  /** Removes files that may or may not exist; a missing file is already gone. */
  async remove(...relativePaths: Array<string | null | undefined>): Promise<void> {
    await Promise.all(
      relativePaths.filter((p): p is string => Boolean(p)).map((p) => fs.rm(this.absolute(p), { force: true })),
    );
  }

  async removeFolder(relativeFolder: string): Promise<void> {
    await fs.rm(this.absolute(relativeFolder), { recursive: true, force: true });
  }

  /**
   * Removes a file that was moved in but is not kept, and its folder when that leaves it empty: an upload to
   * an album or collection deleted while the file arrived must not bring back the folder the deletion swept.
   */
  async discard(relativePath: string | undefined): Promise<void> {
    if (!relativePath) return;
    await this.remove(relativePath);
    await fs.rmdir(path.dirname(this.absolute(relativePath))).catch((error: NodeJS.ErrnoException) => {
      // Still used, or already gone: either way nothing is left to tidy.
      if (!['ENOTEMPTY', 'EEXIST', 'ENOENT'].includes(error.code ?? '')) throw error;
    });
  }

  /** Where uploads are streamed while they arrive, inside the media folder so moving them in is a rename. */
  async temporaryFolder(): Promise<string> {
    const folder = path.join(this.root, '.incoming');
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
