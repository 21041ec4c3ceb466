import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MediaStorage, MissingMedia, type LocalCopy, type StoredFile } from './storage.js';

/** Media as files in one folder of this machine (the default): one server, or a folder all of them mount. */
export class LocalMediaStorage extends MediaStorage {
  constructor(readonly root: string) {
    super(root);
  }

  absolute(relativePath: string): string {
    const resolved = path.resolve(this.root, relativePath);
    if (!resolved.startsWith(this.root + path.sep))
      throw new Error(`media path escapes the media folder: ${relativePath}`);
    return resolved;
  }

  async write(relativePath: string, content: Buffer | Readable): Promise<void> {
    const target = this.absolute(relativePath);
    await fs.mkdir(path.dirname(target), { recursive: true });
    if (Buffer.isBuffer(content)) await fs.writeFile(target, content);
    else await pipeline(content, createWriteStream(target));
  }

  /**
   * Same file system, so a rename. A failed upload beside it may remove the folder just made (see discard), so a
   * folder gone meanwhile is made once more.
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

  async read(relativePath: string): Promise<Readable> {
    // Opened here, so a missing file is known before anyone starts answering with it.
    const file = await fs.open(this.absolute(relativePath)).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new MissingMedia(relativePath) : error;
    });
    return file.createReadStream();
  }

  async size(relativePath: string): Promise<number | undefined> {
    const stat = await fs.stat(this.absolute(relativePath)).catch(() => undefined);
    return stat?.isFile() ? stat.size : undefined;
  }

  async *list(prefix = ''): AsyncIterable<StoredFile> {
    const entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const relative = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (relative.startsWith('.incoming/') || !relative.startsWith(prefix)) continue;
      const size = await this.size(relative);
      if (size !== undefined) yield { path: relative, size };
    }
  }

  async remove(...relativePaths: Array<string | null | undefined>): Promise<void> {
    await Promise.all(
      relativePaths.filter((p): p is string => Boolean(p)).map((p) => fs.rm(this.absolute(p), { force: true })),
    );
  }

  async removeFolder(relativeFolder: string): Promise<void> {
    await fs.rm(this.absolute(relativeFolder), { recursive: true, force: true });
  }

  /** The stored file itself: tools only read it. */
  async localCopy(relativePath: string): Promise<LocalCopy> {
    return { path: this.absolute(relativePath), release: async () => undefined };
  }

  /** Also its folder when that leaves it empty, so a deleted album's folder does not come back. */
  override async discard(relativePath: string | undefined): Promise<void> {
    if (!relativePath) return;
    await this.remove(relativePath);
    await fs.rmdir(path.dirname(this.absolute(relativePath))).catch((error: NodeJS.ErrnoException) => {
      // Still used, or already gone: either way nothing is left to tidy.
      if (!['ENOTEMPTY', 'EEXIST', 'ENOENT'].includes(error.code ?? '')) throw error;
    });
  }
}
