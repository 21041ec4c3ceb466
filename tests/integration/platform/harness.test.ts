import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

function run(command: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env, CI: 'true', NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** `npm test`, on one fixture test, through the same global set-up (embedded PostgreSQL and Redis). */
const npmTestOnFixture = (outcome: 'pass' | 'fail' | 'stray') =>
  run('npm', ['test', '--', '--config', 'tests/harness/vitest.config.ts'], { GATHER_FIXTURE_OUTCOME: outcome });

async function verdict(log: string, status: number) {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'gather-verdict-')), 'log');
  await fs.writeFile(file, log);
  try {
    return await run('bash', ['.ci/verdict', file, String(status)]);
  } finally {
    await fs.rm(path.dirname(file), { recursive: true, force: true });
  }
}

describe('the test gate', () => {
  it('npm test exits non-zero when a test fails, and CI prints that failure and fails too', async () => {
    const failing = await npmTestOnFixture('fail');
    expect(failing.output).toMatch(/Tests\s+.*1 failed/);
    expect(failing.code).not.toBe(0);

    const ci = await verdict(failing.output, failing.code ?? 1);
    expect(ci.output).toContain('0 passed, 1 failed');
    expect(ci.code).not.toBe(0);
  }, 180_000);

  it('npm test exits 0 when every test passes, and so does CI', async () => {
    const passing = await npmTestOnFixture('pass');
    expect(passing.output).toMatch(/Tests\s+1 passed/);
    expect(passing.code).toBe(0);

    const ci = await verdict(passing.output, 0);
    expect(ci.output).toContain('1 passed, 0 failed');
    expect(ci.code).toBe(0);
  }, 180_000);

  it('a rejection no test handled fails npm test and CI, and CI counts it as a failure', async () => {
    const stray = await npmTestOnFixture('stray');
    expect(stray.output).toMatch(/Tests\s+1 passed/);
    expect(stray.output).toMatch(/Errors\s+1 error/);
    expect(stray.code).not.toBe(0);

    const ci = await verdict(stray.output, stray.code ?? 1);
    expect(ci.output).toContain('1 passed, 1 failed');
    expect(ci.code).not.toBe(0);
  }, 180_000);

  it('CI fails when the closing summary counts a failure even if the runner said success, or shows no summary', async () => {
    const counted = await verdict(' Test Files  1 failed | 3 passed (4)\n      Tests  2 failed | 40 passed (42)\n', 0);
    expect(counted.output).toContain('40 passed, 2 failed');
    expect(counted.code).not.toBe(0);

    const teardown = await verdict(' Test Files  1 failed | 84 passed (85)\n      Tests  603 passed (603)\n', 1);
    expect(teardown.output).toContain('603 passed, 1 failed');
    expect(teardown.code).not.toBe(0);

    const cut = await verdict('RUN  v4\n', 0);
    expect(cut.code).not.toBe(0);
  });
});
