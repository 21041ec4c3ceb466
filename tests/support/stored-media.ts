import fs from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { TestApp } from './app.js';

/** The bytes the app stored at a relative path, whichever store it uses. */
export async function readStored(app: TestApp, relativePath: string): Promise<Buffer> {
  return buffer(await app.storage.read(relativePath));
}

/** Whether the app stores a file at a relative path. */
export async function isStored(app: TestApp, relativePath: string): Promise<boolean> {
  return (await app.storage.size(relativePath)) !== undefined;
}

/** Every stored file's relative path under `prefix`, sorted. */
export async function storedFiles(app: TestApp, prefix = ''): Promise<string[]> {
  const files: string[] = [];
  for await (const file of app.storage.list(prefix)) files.push(file.path);
  return files.sort();
}

/**
 * Every media file the app holds, as relative paths: what its store keeps, and the temporary files on its own
 * disk (`.incoming/…`), which stay there whichever store it uses.
 */
export async function mediaFiles(app: TestApp): Promise<string[]> {
  const incoming = path.join(app.mediaDir, '.incoming');
  const entries = await fs.readdir(incoming, { recursive: true, withFileTypes: true }).catch(() => []);
  const temporary = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(app.mediaDir, path.join(entry.parentPath, entry.name)));
  return [...(await storedFiles(app)), ...temporary].sort();
}
