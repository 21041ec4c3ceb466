import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
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

  it('refuses the server importing the frontend, and contracts importing the server', async () => {
    expect(await problems('server/src/x.ts', "export { HomePage } from '@gather/frontend/app/HomePage';")).toEqual([
      expect.stringContaining('server/ may not import frontend/'),
    ]);
    expect(await problems('contracts/src/x.ts', "export { AppError } from '@gather/server/platform/errors';")).toEqual([
      expect.stringContaining('contracts/ may not import server/'),
    ]);
    expect(await problems('frontend/src/x.ts', "export { AppError } from '../../server/src/platform/errors';")).toEqual(
      [expect.stringContaining('never by a relative path')],
    );
  });

  it('refuses server code importing a package the server does not list: the production image would lack it', async () => {
    // react is the frontend's, and vitest a dev tool: neither is installed in the server's image.
    for (const name of ['react', 'vitest']) {
      expect(await problems('server/src/platform/x.ts', `export * from '${name}';`)).toEqual([
        expect.stringContaining('import-x/no-extraneous-dependencies'),
      ]);
    }
    expect(await problems('server/src/platform/x.ts', "export * from 'sharp';")).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // letter.ts imports layout.ts: layout importing it back closes a cycle.
    const cycle = "export { draftMessage } from './letter.js';\nexport const a = 1;";
    expect(await problems('server/src/platform/mail/layout.ts', cycle)).toContainEqual(
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
