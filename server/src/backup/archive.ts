import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tarStream from 'tar-stream';
import type { MigrationLevel } from './migration-level.js';
import type { SequenceValue } from './tables.js';

export const MANIFEST = 'manifest.json';
export const DATABASE_PREFIX = 'database/';
export const MEDIA_PREFIX = 'media/';

/** What a backup holds, written last into its archive and read first by a restore. */
export interface Manifest {
  format: 1;
  created_at: string;
  /** The newest migration the Gather that made it knew. */
  app_version: string | null;
  /** The schema the data was in: a restore builds that schema, loads the data, then upgrades. */
  migration: MigrationLevel;
  tables: Record<string, { rows: number; columns: string[] }>;
  sequences: SequenceValue[];
  media_files: number;
  /** Every other entry of the archive with its size and SHA-256, checked before a restore changes anything. */
  entries: Record<string, { size: number; sha256: string }>;
}

/** A gzip-compressed tar written entry by entry; sizes are known up front, as tar needs. */
export class ArchiveWriter {
  private readonly pack = tarStream.pack();
  private readonly written: Promise<void>;
  readonly entries: Manifest['entries'] = {};

  constructor(file: string) {
    this.written = pipeline(this.pack as unknown as Readable, createGzip(), createWriteStream(file));
    this.written.catch(() => undefined);
  }

  async add(name: string, size: number, source: Readable): Promise<void> {
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    await new Promise<void>((resolve, reject) => {
      const entry = this.pack.entry({ name, size }, (error) => (error ? reject(error) : resolve()));
      // A failed write (a full disk, a folder the process may not write) destroys the pack and its open entry:
      // every stream gets a listener, so the failure rejects this backup instead of crashing the process.
      for (const stream of [source, hashing, entry]) stream.once('error', reject);
      this.written.catch(reject);
      source.pipe(hashing).pipe(entry as unknown as NodeJS.WritableStream);
    });
    this.entries[name] = { size, sha256: hash.digest('hex') };
  }

  async finish(manifest: Manifest): Promise<void> {
    this.pack.entry({ name: MANIFEST }, JSON.stringify(manifest, null, 2));
    this.pack.finalize();
    await this.written;
  }
}

export class DamagedArchiveError extends Error {}

/** Reads every entry in order; `use` must consume the entry's content before the next is read. */
export async function readArchive(
  file: string,
  use: (name: string, content: Readable) => Promise<void>,
): Promise<void> {
  await fs.access(file).catch(() => {
    throw new DamagedArchiveError(`There is no backup file at ${file}.`);
  });
  const extract = tarStream.extract();
  const unzipped = createReadStream(file).pipe(createGunzip());
  unzipped.once('error', (error) => extract.destroy(error));
  unzipped.pipe(extract as unknown as NodeJS.WritableStream);
  for await (const entry of extract) {
    await use(entry.header.name, Readable.from(entry as AsyncIterable<Buffer>));
  }
}

/**
 * Reads the whole archive once and checks every entry against the manifest: nothing of a damaged or altered
 * backup is ever restored.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  const damaged = (why: string) =>
    new DamagedArchiveError(`The backup ${file} is damaged (${why}). Nothing was changed.`);
  try {
    await readArchive(file, async (name, content) => {
      if (name === MANIFEST) {
        const chunks: Buffer[] = [];
        for await (const chunk of content) chunks.push(chunk as Buffer);
        manifestText = Buffer.concat(chunks).toString('utf8');
        return;
      }
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of content) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      }
      seen.set(name, { size, sha256: hash.digest('hex') });
    });
  } catch (error) {
    if (error instanceof DamagedArchiveError) throw error;
    throw damaged((error as Error).message);
  }
  if (manifestText === undefined) throw damaged('it has no manifest.json');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw damaged('its manifest.json is not readable');
  }
  if (manifest.format !== 1 || typeof manifest.entries !== 'object')
    throw damaged('its manifest.json is not a Gather manifest');
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const found = seen.get(name);
    if (!found) throw damaged(`${name} is missing`);
    if (found.sha256 !== expected.sha256 || found.size !== expected.size)
      throw damaged(`${name} does not match its checksum`);
  }
  const unlisted = [...seen.keys()].find((name) => !(name in manifest.entries));
  if (unlisted) throw damaged(`${unlisted} is not in its manifest`);
  return manifest;
}
