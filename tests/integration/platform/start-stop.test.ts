import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@gather/server/platform/local-services/free-port';
import { eventually } from '../../support/eventually.js';

const root = path.resolve(import.meta.dirname, '../../..');
/** How `npm start` runs the app: node itself, so Ctrl+C reaches it with no relaying process in between. */
const app = [process.execPath, ['--import', 'tsx', 'server/src/entry/all.ts']] as const;

interface Started {
  pid: number;
  output: { stdout: string; stderr: string };
  /** The exit code; npm itself ends by the signal after Ctrl+C, as a shell does, so that is null for npm. */
  exited: Promise<number | null>;
}

/** Starts a command as a terminal would: in a process group of its own, which Ctrl+C signals as a whole. */
function start(command: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { pid: child.pid!, output, exited };
}

/** Processes working in `dir`: PostgreSQL and redis-server both move into their data folder. */
function processesIn(dir: string): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/cwd`).startsWith(dir);
      } catch {
        return false;
      }
    });
}

/** What the program itself wrote to stderr; this machine's npm may warn about its own config. */
function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.trim() && !line.startsWith('npm warn'));
}

/** The embedded redis-server working in `dir`. */
function redisIn(dir: string): number {
  const pid = processesIn(dir).find((each) => readFileSync(`/proc/${each}/comm`, 'utf8').trim() === 'redis-server');
  if (!pid) throw new Error(`no redis-server in ${dir}`);
  return Number(pid);
}

function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const dirs: string[] = [];
async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-start-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) {
    for (const pid of processesIn(dir)) process.kill(Number(pid), 'SIGKILL');
    await fs.rm(dir, { recursive: true, force: true });
  }
});

/** Waits until the site answers, then gives its home page. */
function homePage(port: number): Promise<string> {
  return eventually(
    async () => {
      const response = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
      return response?.ok ? response.text() : undefined;
    },
    'the home page answers',
    150_000,
  );
}

describe('npm start', () => {
  it('with NODE_ENV=development builds the pages and serves them drawn on the server', async () => {
    const dir = await dataDir();
    const port = await freePort();
    const site = start('npm', ['start'], { NODE_ENV: 'development', DATA_DIR: dir, PORT: String(port) });
    const home = await homePage(port);
    // Drawn on the server with the demo content, not the empty shell the browser would have to fill.
    expect(home).not.toContain('<div id="root"></div>');
    expect(home).toMatch(/<div id="root">.*Gather Church/s);

    process.kill(-site.pid, 'SIGINT');
    await site.exited;
    expect(site.output.stdout).not.toContain('server rendering failed');
    expect(errorLines(site.output.stderr)).toEqual([]);
    expect(processesIn(dir)).toEqual([]);
  }, 200_000);

  it('stops on Ctrl+C: the app first, then PostgreSQL and Redis, with no error output', async () => {
    const dir = await dataDir();
    const port = await freePort();
    const site = start(app[0], [...app[1]], {
      DATA_DIR: dir,
      PORT: String(port),
      SERVE_FRONTEND: 'false',
      ADMIN_PASSWORD: 'a-password-without-a-name',
    });
    await eventually(
      () =>
        fetch(`http://127.0.0.1:${port}/api/health/`).then(
          (response) => response.ok,
          () => false,
        ),
      'the API answers',
      60_000,
    );
    expect(site.output.stdout).toContain('ADMIN_PASSWORD is ignored without ADMIN_USERNAME');
    expect(processesIn(dir).length).toBeGreaterThan(0);

    process.kill(-site.pid, 'SIGINT');
    expect(await site.exited).toBe(0);
    expect(errorLines(site.output.stderr)).toEqual([]);
    // Nothing lost its database or Redis under it: no warnings or errors while stopping.
    const stopping = site.output.stdout.slice(site.output.stdout.indexOf('stopping Gather'));
    expect(stopping).not.toMatch(/"level":(40|50|60)/);
    expect(processesIn(dir)).toEqual([]);
  }, 90_000);

  it('stops cleanly on Ctrl+C that comes while it is still starting, and never says it is running', async () => {
    // The worker starts after the API listens, and its start waits for Redis. Redis frozen the moment the API
    // listens holds that start open, so Ctrl+C lands inside it however fast this machine is.
    for (let attempt = 1; ; attempt++) {
      const dir = await dataDir();
      const port = await freePort();
      const site = start(app[0], [...app[1]], { DATA_DIR: dir, PORT: String(port), SERVE_FRONTEND: 'false' });
      // Checked every 2 ms: the worker's start that follows the API's takes tens of milliseconds, which a check
      // every 50 ms could miss whole on a quick or busy machine.
      await eventually(() => listens(port), 'the API listens', 60_000, 2);
      const redis = redisIn(dir);
      process.kill(redis, 'SIGSTOP');
      // Whatever the process wrote before the freeze has reached this side of its pipe.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const startedFirst = site.output.stdout.includes('Gather is running');
      process.kill(-site.pid, 'SIGINT');
      await eventually(async () => site.output.stdout.includes('stopping Gather'), 'the stop begins');
      process.kill(redis, 'SIGCONT');
      expect(await site.exited).toBe(0);
      if (startedFirst && attempt < 3) continue;
      expect(startedFirst, 'the start finished before Redis froze, three times').toBe(false);
      expect(errorLines(site.output.stderr)).toEqual([]);
      const stopping = site.output.stdout.slice(site.output.stdout.indexOf('stopping Gather'));
      expect(stopping).not.toMatch(/"level":(40|50|60)/);
      expect(site.output.stdout).not.toContain('Gather is running');
      expect(processesIn(dir)).toEqual([]);
      return;
    }
  }, 180_000);

  it('with a wrong HOST stops before the page build and before starting anything, naming HOST', async () => {
    const dir = path.join(await dataDir(), 'never-made');
    const site = start('npm', ['start'], { HOST: 'not a host!', DATA_DIR: dir });
    expect(await site.exited).toBe(1);
    expect(site.output.stderr).toContain('HOST: must be an IP address or a host name');
    expect(site.output.stdout).not.toContain('built in');
    expect(existsSync(dir)).toBe(false);
  });

  it('in production without PUBLIC_URL refuses to start, saying why', async () => {
    const dir = path.join(await dataDir(), 'never-made');
    const site = start(app[0], [...app[1]], {
      NODE_ENV: 'production',
      DATA_DIR: dir,
      UNSUBSCRIBE_SECRET: 'x'.repeat(32),
    });
    expect(await site.exited).toBe(1);
    expect(site.output.stderr).toContain('PUBLIC_URL: is required in production');
    expect(existsSync(dir)).toBe(false);
  });

  it('on a port already in use fails with one line and stops the PostgreSQL and Redis it started', async () => {
    const dir = await dataDir();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '0.0.0.0', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const site = start(app[0], [...app[1]], {
        DATA_DIR: dir,
        PORT: String(port),
        SERVE_FRONTEND: 'false',
        SEED_DEMO_CONTENT: 'false',
      });
      expect(await site.exited).toBe(1);
      expect(errorLines(site.output.stderr)).toEqual([
        `Gather could not start: port ${port} is already in use. Stop what uses it, or set PORT to another port.`,
      ]);
      expect(site.output.stdout).toContain('embedded PostgreSQL started');
      expect(processesIn(dir)).toEqual([]);
    } finally {
      taken.close();
    }
  });

  it.each([
    ['a host name that no longer resolves', 'gather-db.invalid:5432'],
    ['a port where nothing listens', '127.0.0.1:1'],
  ])('without its database (%s) the API and the worker each say so in one line', async (_, where) => {
    const env = {
      DATABASE_URL: `postgres://gather:the-database-password@${where}/gather`,
      REDIS_URL: 'redis://127.0.0.1:1',
      SERVE_FRONTEND: 'false',
    };
    for (const entry of ['server/src/entry/all.ts', 'server/src/entry/worker.ts']) {
      const started = start(app[0], ['--import', 'tsx', entry], env);
      expect(await started.exited).toBe(1);
      const lines = errorLines(started.output.stderr);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^Gather could not start: the database at ${where} cannot be reached \\(.+\\)\\. Check DATABASE_URL`,
        ),
      );
      expect(lines[0]).not.toContain('the-database-password');
    }
  });
});
