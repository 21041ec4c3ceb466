import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The server's architecture rules (.dependency-cruiser.cjs), as `npm run lint` checks them, on a tree. */
async function violationsIn(dir: string): Promise<Violation[]> {
  const cli = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const args = [cli, 'server/src', 'contracts/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
  const { stdout } = await run(process.execPath, args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout: string }) => error,
  );
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

/** A copy of the server and contracts, with files added or lines appended, to plant violations in. */
let planted: string;
const plant: Record<string, string> = {
  // platform/ importing a feature
  'server/src/platform/planted-feature.ts': "export { QnaService } from '../features/qna/service.js';\n",
  // a feature reaching past another feature's index.ts
  'server/src/features/events/planted-deep.ts': "export { QnaRepository } from '../qna/repository.js';\n",
  // a feature importing what composes the features
  'server/src/features/events/planted-composition.ts': "export { createApp } from '../../api/app.js';\n",
  // two files importing each other
  'server/src/features/events/planted-a.ts': "export { b } from './planted-b.js';\nexport const a = 1;\n",
  'server/src/features/events/planted-b.ts': "export { a } from './planted-a.js';\nexport const b = 2;\n",
  // auth imported by staff-accounts, and now staff-accounts by auth: a cycle of features without one of files
  'server/src/features/auth/planted-cycle.ts':
    "export { STAFF_SET_PASSWORD_PATH } from '../staff-accounts/index.js';\n",
  'server/src/features/staff-accounts/index.ts': "export { STAFF_SET_PASSWORD_PATH } from './password-links.js';\n",
};
const append: Record<string, string> = {
  // the API entry reaching a job processor, and the worker entry a route
  'server/src/entry/api.ts': "import '../features/collections/jobs.js';\n",
  'server/src/worker/run.ts': "import '../features/events/routes.js';\n",
};

beforeAll(async () => {
  planted = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-architecture-'));
  for (const item of ['server', 'contracts', 'tsconfig.json', 'tsconfig.base.json', '.dependency-cruiser.cjs']) {
    await fs.cp(path.join(root, item), path.join(planted, item), {
      recursive: true,
      filter: (source) => !source.includes('node_modules'),
    });
  }
  await fs.symlink(path.join(root, 'node_modules'), path.join(planted, 'node_modules'));
  for (const [file, text] of Object.entries(plant)) {
    await fs.mkdir(path.dirname(path.join(planted, file)), { recursive: true });
    await fs.writeFile(path.join(planted, file), text, { flag: 'wx' });
  }
  for (const [file, text] of Object.entries(append)) await fs.appendFile(path.join(planted, file), text);
}, 60_000);

afterAll(() => fs.rm(planted, { recursive: true, force: true }));

describe("the server's architecture (npm run lint)", () => {
  it('holds in the code as it is', async () => {
    expect(await violationsIn(root)).toEqual([]);
  }, 120_000);

  it('refuses each kind of violation, and only where it was planted', async () => {
    const found = (await violationsIn(planted)).map(({ rule, from, to }) => ({ rule: rule.name, from, to }));
    const byRule = (name: string) => found.filter((violation) => violation.rule === name);
    expect(byRule('platform-imports-no-feature')).toEqual([
      {
        rule: 'platform-imports-no-feature',
        from: 'server/src/platform/planted-feature.ts',
        to: 'server/src/features/qna/service.ts',
      },
    ]);
    expect(byRule('feature-through-index')).toEqual([
      {
        rule: 'feature-through-index',
        from: 'server/src/features/events/planted-deep.ts',
        to: 'server/src/features/qna/repository.ts',
      },
    ]);
    expect(byRule('feature-imports-no-composition')).toEqual([
      {
        rule: 'feature-imports-no-composition',
        from: 'server/src/features/events/planted-composition.ts',
        to: 'server/src/api/app.ts',
      },
    ]);
    expect(byRule('no-cycle').map((violation) => violation.from)).toEqual(['server/src/features/events/planted-a.ts']);
    expect(byRule('no-feature-cycle').map((violation) => [violation.from, violation.to])).toContainEqual([
      'server/src/features/auth',
      'server/src/features/staff-accounts',
    ]);
    // The processor module itself, and the job modules it builds on.
    expect(byRule('api-starts-no-job')).toContainEqual(
      expect.objectContaining({ from: 'server/src/entry/api.ts', to: 'server/src/features/collections/jobs.ts' }),
    );
    expect(byRule('api-starts-no-job').every((violation) => violation.from === 'server/src/entry/api.ts')).toBe(true);
    expect(byRule('worker-serves-no-route')).toEqual([
      expect.objectContaining({ from: 'server/src/entry/worker.ts', to: 'server/src/features/events/routes.ts' }),
    ]);
  }, 120_000);
});
