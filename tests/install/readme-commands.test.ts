import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@gather/server/platform/local-services/free-port';
import { cloneOfThisCheckout, root } from '../support/clone.js';
import { eventually } from '../support/eventually.js';
import { caller } from '../support/http.js';
import { machineWith, nodeRelease, npmRelease } from './support/releases.js';

const run = promisify(execFile);

/**
 * The README's two commands on the oldest Node Gather supports, with the npm that Node ships (20 and npm 10.8.2),
 * in a fresh clone: the production image and CI's own run use Node 24.
 */
let clone: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  clone = await cloneOfThisCheckout();
  env = await machineWith(await nodeRelease('20'), await npmRelease('10.8.2'));
}, 5 * 60_000);

afterAll(() => fs.rm(clone, { recursive: true, force: true }));

describe("the README's two commands on Node 20 with its own npm", () => {
  it('the README names them', async () => {
    const readme = await fs.readFile(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toMatch(/^npm test\b/m);
  });

  it('`npm ci && npm start` installs, starts the whole site and stops it on Ctrl+C', async () => {
    const versions = await run('node', ['-e', 'console.log(process.version)'], { env });
    expect(versions.stdout).toMatch(/^v20\./);
    expect((await run('npm', ['--version'], { env })).stdout.trim()).toBe('10.8.2');
    await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: clone, env, maxBuffer: 16 * 1024 * 1024 });

    const port = await freePort();
    const site = spawn('npm', ['start'], {
      cwd: clone,
      env: { ...env, PORT: String(port) },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [site.stdout, site.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => site.once('close', resolve));
    try {
      await eventually(async () => output.includes('Gather is running at'), `npm start serves:\n${output}`, 240_000);
      const call = caller(`http://127.0.0.1:${port}`);
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('Gather Church');
      const password = /password: (\S+)/.exec(output)![1];
      const signedIn = await call('POST', '/api/admin/auth/login', { username: 'admin', password });
      expect(signedIn.status).toBe(200);
      await eventually(async () => (await call('GET', '/api/ready/')).status === 200, 'the worker is ready', 60_000);
    } finally {
      // Ctrl+C in a terminal signals the whole foreground process group.
      process.kill(-site.pid!, 'SIGINT');
    }
    await exited;
    expect(output).toContain('stopping Gather');
  });

  it('`npm test` runs the tests', async () => {
    const tested = await run('npm', ['test', '--', 'tests/integration/health/health.test.ts'], {
      cwd: clone,
      env,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: Error & { stdout: string }) => ({ stdout: `${error.message}\n${error.stdout}` }));
    // eslint-disable-next-line no-control-regex -- vitest's colours
    expect(tested.stdout.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/Tests\s+\d+ passed \(\d+\)/);
  });
});
