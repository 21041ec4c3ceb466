import fs from 'node:fs';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from 'archiver';

export interface ZipEntry {
  /** The file's bytes, opened only when its turn comes; undefined when it has gone meanwhile. */
  open: () => Promise<Readable | undefined>;
  /** Its name inside the zip. */
  name: string;
  date: Date;
}

export interface WrittenZip {
  fileCount: number;
  sizeBytes: number;
}

/**
 * Streams files one after another into a zip at `target`, stored as they are: photos and videos
 * are compressed already, so squeezing them again costs time and saves nothing. Files are opened
 * only when their turn comes, so memory stays flat however many there are. A file that has gone
 * before its turn (its upload deleted meanwhile) is left out.
 */
export async function writeZip(
  entries: ZipEntry[],
  target: string,
  onEntry: (added: number, total: number) => void,
): Promise<WrittenZip> {
  // archiver looks files up several at a time and adds them as the look-ups finish; one at a
  // time keeps the zip in the order staff see the uploads.
  const archive = new ZipArchive({ store: true, statConcurrency: 1 });
  let added = 0;
  archive.on('entry', () => onEntry(++added, entries.length));
  const written = pipeline(archive, fs.createWriteStream(target));
  // Waiting for each entry keeps one file open at a time, whether on disk or in an object store.
  for (const entry of entries) {
    const content = await entry.open();
    if (!content) continue;
    const done = once(archive, 'entry');
    archive.append(content, { name: entry.name, date: entry.date });
    await Promise.race([done, written]);
  }
  await Promise.all([archive.finalize(), written]);
  return { fileCount: added, sizeBytes: archive.pointer() };
}
