import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** What lint says of `code` were it the file at `filePath`, by rule. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the packages keep their layers', () => {
  it('lint finds nothing in the whole workspace', async () => {
    const results = await eslint.lintFiles(['.']);
    const errors = results.flatMap((result) =>
      result.messages
        .filter((message) => message.severity === 2)
        .map((message) => `${path.relative(root, result.filePath)}:${message.line} ${message.ruleId}`),
    );
    expect(errors).toEqual([]);
  }, 240_000);

  it('refuses the worker importing the API, and the API importing the worker', async () => {
    expect(await problems('worker/src/x.ts', "export { startApi } from '@gather/backend';")).toEqual([
      expect.stringContaining('worker/ may not import backend/'),
    ]);
    expect(await problems('backend/src/x.ts', "export { runWorker } from '@gather/worker';")).toEqual([
      expect.stringContaining('backend/ may not import worker/'),
    ]);
    expect(await problems('core/src/x.ts', "export { startApi } from '@gather/backend';")).toEqual([
      expect.stringContaining('core/ may not import backend/'),
    ]);
  });

  it("refuses another package's internal files, by name or by a relative path", async () => {
    expect(await problems('start/src/x.ts', "export { startWorkers } from '@gather/worker/worker';")).toEqual([
      expect.stringContaining('through its entry point'),
    ]);
    expect(await problems('backend/src/x.ts', "export { AppError } from '../../core/src/errors.js';")).toEqual([
      expect.stringContaining('never by a relative path'),
    ]);
  });

  it('refuses an import cycle', async () => {
    // notifications.ts imports format.ts: format importing it back closes a cycle.
    const cycle = "export { notificationMessage } from './notifications.js';\nexport const a = 1;";
    expect(await problems('core/src/mail/format.ts', cycle)).toContainEqual(
      expect.stringContaining('import-x/no-cycle'),
    );
  });

  it('keeps frontend features apart from each other and from app/, and shared code free of features', async () => {
    expect(await problems('frontend/src/features/events/x.ts', "export { Hero } from '../homepage/Hero';")).toEqual([
      expect.stringContaining('A feature imports no other feature'),
    ]);
    expect(await problems('frontend/src/lib/x.ts', "export { HomePage } from '../app/HomePage';")).toEqual([
      expect.stringContaining('nothing imports it'),
    ]);
    expect(
      await problems('frontend/src/components/x.ts', "export { useQnaRoom } from '../features/qna/live';"),
    ).toEqual([expect.stringContaining('import no feature')]);
  });

  it('refuses an import cycle in the frontend', async () => {
    // hooks.ts imports connections.tsx: connections importing it back closes a cycle.
    const cycle = "export { useRoom } from './hooks';\nexport const a = 1;";
    expect(await problems('frontend/src/lib/live/connections.tsx', cycle)).toContainEqual(
      expect.stringContaining('import-x/no-cycle'),
    );
  });
});
