import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { startEmbeddedPostgres } from '@gather/server/platform/local-services/embedded-postgres';

const run = promisify(execFile);

/** A PostgreSQL of one test file's own, for faults that would break every other file's database. */
export interface FaultyPostgres {
  urlFor(database: string): string;
  /** `pg_ctl restart -m fast`: what restarting its container does. */
  restart(): Promise<void>;
  /** SIGKILL to the server and all its processes (a killed container), then a start with crash recovery. */
  kill(): Promise<void>;
  /** SIGSTOP to the server and all its processes (a frozen host) until `thaw`. */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

export async function startFaultyPostgres(): Promise<FaultyPostgres> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-faulty-pg-'));
  const embedded = await startEmbeddedPostgres({ dataDir, log: pino({ level: 'warn' }) });
  const urlFor = embedded.urlFor;
  const port = new URL(urlFor('postgres')).port;
  // The cluster embedded-postgres made is handed to pg_ctl, which (unlike the package) can restart it.
  await embedded.stop();

  const databaseDir = path.join(dataDir, 'postgres');
  const { pg_ctl: pgCtl } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { pg_ctl: string };
  // pg_ctl refuses to run as root; embedded-postgres runs the server as the `postgres` user then.
  const asUser =
    os.userInfo().uid === 0
      ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) }
      : {};
  // The server's output goes to a file: on an inherited pipe, pg_ctl's caller would wait for the server to end.
  const pgCtlRun = (...args: string[]) =>
    run(pgCtl, ['-D', databaseDir, '-w', '-l', path.join(databaseDir, 'server.log'), ...args], {
      ...asUser,
      cwd: databaseDir,
    });
  const start = () => pgCtlRun('start', '-o', `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`);
  const signalAll = (signal: NodeJS.Signals) => {
    const processes = serverProcesses(databaseDir);
    for (const pid of processes) {
      try {
        process.kill(pid, signal);
      } catch {
        // A backend that ended between the listing and the signal.
      }
    }
    return processes;
  };

  await start();
  // A test file that ends without stop() (a timeout while frozen, a crash) must not leave its server running.
  const stopOnExit = () => {
    signalAll('SIGCONT');
    // PostgreSQL's immediate shutdown: a signal is all an 'exit' handler can still send.
    signalAll('SIGQUIT');
  };
  process.once('exit', stopOnExit);
  return {
    urlFor,
    restart: async () => void (await pgCtlRun('restart', '-m', 'fast')),
    kill: async () => {
      const killed = signalAll('SIGKILL');
      while (killed.some(isAlive)) await new Promise((resolve) => setTimeout(resolve, 50));
      // The killed server may stay a zombie (nobody here reaps it), which its successor would take for a live
      // server; a new container would not see it at all.
      await fs.rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
      await start();
    },
    freeze: () => void signalAll('SIGSTOP'),
    thaw: () => void signalAll('SIGCONT'),
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      signalAll('SIGCONT');
      await pgCtlRun('stop', '-m', 'immediate').catch(() => undefined);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The postmaster (first line of its lock file) and the processes it started. */
function serverProcesses(databaseDir: string): number[] {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return [];
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent; the name before it is in parentheses.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** A killed process may linger as a zombie until its parent (here: init) reaps it; that one is gone too. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
