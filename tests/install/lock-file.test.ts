import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { machineWith, nodeRelease, npmRelease } from './support/releases.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** The manifests `npm ci` reads: the root's and every workspace's package.json, and the lock file. */
async function manifestsOnly(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-lock-'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString()
    .split('\n')
    .filter((file) => file === 'package-lock.json' || file === 'package.json' || /^[\w-]+\/package\.json$/.test(file));
  for (const file of files) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.copyFile(path.join(root, file), path.join(dir, file));
  }
  return dir;
}

describe('the lock file', () => {
  // Node 20 ships npm 10.8.2, Node 22 npm 10.9, Node 24 npm 11: `npm ci` refuses a lock its npm would change.
  it.each([
    ['20', '10.8.2'],
    ['22', '10.9'],
    ['24', '11'],
  ])('is one that `npm ci` accepts on Node %s with npm %s', async (node, npm) => {
    const dir = await manifestsOnly();
    try {
      const env = await machineWith(await nodeRelease(node), await npmRelease(npm));
      const { stdout } = await run('npm', ['--version'], { env });
      expect(stdout.trim()).toMatch(new RegExp(`^${npm.replace('.', '\\.')}`));
      const installed = await run('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
        cwd: dir,
        env,
      }).catch((error: Error & { stderr: string }) => ({ stdout: '', stderr: `${error.message}\n${error.stderr}` }));
      expect(installed.stderr).not.toMatch(/npm error/);
      expect(installed.stdout).toMatch(/added \d+ packages/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
