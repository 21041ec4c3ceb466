import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { TestApp } from './app.js';

const run = promisify(execFile);

/** Runs `npm run admin -- ...` as a volunteer would, against a test app's database. */
export async function adminCommand(app: TestApp, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'server/src/cli/admin.ts', ...args], {
      env: { ...process.env, DATABASE_URL: app.ctx.config.DATABASE_URL!, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
