import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** A copy of the checkout as `git clone` would give it, with this working tree's changes. */
export async function cloneOfThisCheckout(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-clone-'));
  // As `git clone` makes it: others may enter it (PostgreSQL, run as its own user by root, must).
  await fs.chmod(dir, 0o755);
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(root, file);
    // A file deleted in the working tree but not yet in git is not part of the clone.
    if (!(await fs.stat(from).catch(() => undefined))?.isFile()) continue;
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.copyFile(from, path.join(dir, file));
  }
  return dir;
}
