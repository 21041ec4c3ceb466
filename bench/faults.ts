import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { startEmbeddedPostgres } from '@gather/server/platform/local-services/embedded-postgres';
import { startLocalRedis, type LocalRedisHandle } from '@gather/server/platform/local-services/local-redis';
import { freePort } from '@gather/server/platform/local-services/free-port';
import { startCountingSmtp } from './support/counting-smtp.js';

/**
 * What visitors and the church office notice when PostgreSQL and Redis restart: contact forms
 * posted at a steady rate through the real API, outbox, queue and worker to a local SMTP sink.
 * A baseline phase without faults, then the same load while PostgreSQL restarts (pg_ctl restart
 * -m fast) and Redis restarts empty. Each form is counted as accepted, stored, mailed, lost and
 * duplicated; the longest silence is the longest time the client got no answer at all.
 */
const RATE = 20;
const BASELINE_SECONDS = 30;
const FAULT_SECONDS = 60;
const POSTGRES_RESTART_AT = 15;
const REDIS_RESTART_AT = 40;
/** How long to wait for the mail of the last forms once the load has stopped. */
const DRAIN_LIMIT_MS = 180_000;
const log = pino({ level: 'error' });
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Fault {
  at: number;
  what: string;
  run(): Promise<void>;
}

interface Phase {
  name: string;
  seconds: number;
  /** Each form's subject and what the API answered (an HTTP status, or why there was none). */
  outcomes: Map<string, number | string>;
  started: number;
  longestSilenceMs: number;
  faults: string[];
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-bench-faults-'));
  if (os.userInfo().uid === 0) await fs.chmod(dataDir, 0o755);
  const postgres = await startEmbeddedPostgres({ dataDir, log, persistent: false });
  let redis: LocalRedisHandle = await startLocalRedis({ dataDir, log, persistent: false });
  const sink = await startCountingSmtp((raw) => {
    const subject = /^Subject: Contact form: (.*)$/im.exec(raw.slice(0, raw.indexOf('\r\n\r\n')))?.[1]?.trim();
    return subject ? [subject] : [];
  });
  const port = await freePort();
  const env = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    SMTP_URL: sink.url,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    UNSUBSCRIBE_SECRET: 'bench-secret-bench-secret-bench-secret',
    SEED_DEMO_CONTENT: 'false',
    SERVE_FRONTEND: 'false',
    RUN_WORKER: 'false',
    WORKER_QUEUES: 'email',
    RATE_LIMIT_FORMS: '1000000',
    // EMAIL_RATE_PER_SECOND stays at its default (10/s), below the form rate: a backlog of jobs
    // waits in Redis when it restarts, as on a busy Sunday.
    // Jobs that failed while PostgreSQL was away retry within seconds, not minutes.
    JOB_BACKOFF_MS: '1000',
  };
  const url = `http://127.0.0.1:${port}`;
  // The API and the worker run as production runs them: two processes, restarted when they die.
  const api = await supervise('API', ['server/src/entry/all.ts'], { ...env, LOG_LEVEL: 'warn' }, () => answers(url));
  const handedAgain = () =>
    api.lines.reduce((sum, line) => sum + Number(/"jobs":(\d+).*Redis had lost jobs/.exec(line)?.[1] ?? 0), 0);
  const worker = await supervise(
    'worker',
    ['server/src/entry/worker.ts'],
    { ...env, LOG_LEVEL: 'info' },
    async (output) => output.includes('"msg":"worker started"'),
  );
  const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
  db.on('error', () => undefined);
  const postgresDir = path.join(dataDir, 'postgres');

  try {
    const baseline = await postForms(url, 'baseline', BASELINE_SECONDS, []);
    const faulty = await postForms(url, 'faults', FAULT_SECONDS, [
      { at: POSTGRES_RESTART_AT, what: 'PostgreSQL restart', run: () => restartPostgres(postgresDir) },
      {
        at: REDIS_RESTART_AT,
        what: 'Redis restart (empty)',
        run: async () => {
          await redis.stop();
          redis = await startLocalRedis({ dataDir, log, persistent: false, port: redis.port });
        },
      },
    ]);
    const unfinished = await drain(db);
    const stored = await storedSubjects(db);
    report([baseline, faulty], stored, sink.counts, unfinished);
    console.log(`  jobs Redis lost and the relay handed over again: ${handedAgain()}`);
    for (const exit of [...api.exits, ...worker.exits].sort((a, b) => a.at - b.at)) {
      const phase = exit.at < faulty.started ? baseline : faulty;
      console.log(`  ${phase.name} phase, ${seconds1(exit.at - phase.started)} s in: ${exit.text}`);
    }
    const lost = [baseline, faulty].reduce((sum, phase) => sum + count(phase, stored, sink.counts).lost, 0);
    if (lost > 0) throw new Error(`${lost} accepted forms were lost`);
  } finally {
    await worker.stop();
    await api.stop();
    await db.end();
    await sink.close();
    await redis.stop();
    // pg_ctl restarted the server outside the embedded handle, so it is stopped the same way.
    await pgCtl(postgresDir, ['stop', '-m', 'fast', '-w']).catch((error: Error) => console.error(error.message));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

interface Supervised {
  /** One line per unexpected exit: when, the code, and the last thing the process wrote. */
  exits: Array<{ at: number; text: string }>;
  /** Every line the process wrote. */
  lines: string[];
  stop(): Promise<void>;
}

/**
 * Runs a Gather entry point under tsx and starts it again whenever it dies, as the compose file's
 * `restart: unless-stopped` does; `ready` says from its output (or by asking it) that it is up.
 */
async function supervise(
  name: string,
  entry: string[],
  env: Record<string, string>,
  ready: (output: string) => Promise<boolean>,
): Promise<Supervised> {
  const exits: Supervised['exits'] = [];
  const lines: string[] = [];
  let stopping = false;
  let child: ChildProcess;
  const start = async (first = false) => {
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', ...entry], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let partial = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      const split = (partial + chunk.toString()).split('\n');
      partial = split.pop()!;
      lines.push(...split);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const last = output
        .trim()
        .split('\n')
        .filter(Boolean)
        .slice(-12)
        .find((line) => /error/i.test(line));
      exits.push({
        at: performance.now(),
        text: `${name} process exited (${signal ?? `code ${code}`}), restarted. ${last?.trim().slice(0, 300) ?? ''}`,
      });
      // A second's pause, so a process that cannot start yet (the database still away) does not spin.
      setTimeout(() => {
        if (!stopping) void start();
      }, 1000);
    });
    while (!(await ready(output))) {
      // A process that cannot start at all (a wrong setting) would be restarted for ever: the bench stops.
      if (child.exitCode !== null && first) throw new Error(`${name} did not start:\n${output.trim()}`);
      if (child.exitCode !== null) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await start(true);
  return {
    exits,
    lines,
    stop: async () => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    },
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health/`)).ok;
  } catch {
    return false;
  }
}

/** Posts RATE contact forms a second for `seconds`, each on time whether or not earlier ones were answered. */
async function postForms(url: string, name: string, seconds: number, faults: Fault[]): Promise<Phase> {
  const outcomes = new Map<string, number | string>();
  const answeredAt: number[] = [];
  const started = performance.now();
  const faultNotes: string[] = [];
  const faultRuns = faults.map(async (fault) => {
    await sleepUntil(started + fault.at * 1000);
    const from = performance.now();
    try {
      await fault.run();
      faultNotes.push(`${fault.what} at ${fault.at} s took ${seconds1(performance.now() - from)} s`);
    } catch (error) {
      faultNotes.push(`${fault.what} at ${fault.at} s failed: ${(error as Error).message}`);
    }
  });
  const requests: Promise<void>[] = [];
  for (let index = 0; index < RATE * seconds; index += 1) {
    await sleepUntil(started + (index * 1000) / RATE);
    const subject = `${name}-${index}`;
    requests.push(
      postContact(url, subject).then((outcome) => {
        outcomes.set(subject, outcome);
        if (typeof outcome === 'number') answeredAt.push(performance.now());
      }),
    );
  }
  const stoppedSending = performance.now();
  await Promise.all([...requests, ...faultRuns]);
  const moments = [started, ...answeredAt.sort((a, b) => a - b)];
  if (moments.at(-1)! < stoppedSending) moments.push(stoppedSending);
  const longestSilenceMs = Math.max(...moments.slice(1).map((moment, index) => moment - moments[index]!));
  return { name, seconds, outcomes, started, longestSilenceMs, faults: faultNotes };
}

async function postContact(url: string, subject: string): Promise<number | string> {
  try {
    const answer = await fetch(`${url}/api/contact/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Grace Okafor', email: 'grace@example.org', subject, message: 'Is there parking?' }),
      signal: AbortSignal.timeout(30_000),
    });
    await answer.arrayBuffer();
    return answer.status;
  } catch (error) {
    return (error as Error).name === 'TimeoutError' ? 'no answer in 30 s' : (error as Error).message;
  }
}

/** Waits until every outbox job has finished (sent or failed for good), or DRAIN_LIMIT_MS. Answers how many had not. */
async function drain(pool: pg.Pool): Promise<number> {
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  let unfinished = Number.NaN;
  while (Date.now() < deadline) {
    try {
      const result = await pool.query<{ count: string }>('select count(*) from outbox where finished_at is null');
      unfinished = Number(result.rows[0]!.count);
      if (unfinished === 0) return 0;
    } catch {
      // The database may still be coming back; ask again.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return unfinished;
}

async function storedSubjects(pool: pg.Pool): Promise<Map<string, number>> {
  const result = await pool.query<{ subject: string; copies: string }>(
    'select subject, count(*) as copies from contact_submissions group by subject',
  );
  return new Map(result.rows.map((row) => [row.subject, Number(row.copies)]));
}

function count(phase: Phase, stored: Map<string, number>, mailed: Map<string, number>) {
  const subjects = [...phase.outcomes.keys()];
  const accepted = subjects.filter((subject) => isSuccess(phase.outcomes.get(subject)));
  return {
    sent: subjects.length,
    accepted: accepted.length,
    stored: subjects.filter((subject) => stored.has(subject)).length,
    mailed: subjects.filter((subject) => mailed.has(subject)).length,
    lost: accepted.filter((subject) => !stored.has(subject) || !mailed.has(subject)).length,
    duplicated: subjects.filter((subject) => (mailed.get(subject) ?? 0) > 1).length,
    storedNotAccepted: subjects.filter((subject) => stored.has(subject) && !isSuccess(phase.outcomes.get(subject)))
      .length,
    refused: tally(subjects.map((subject) => phase.outcomes.get(subject)).filter((outcome) => !isSuccess(outcome))),
  };
}

const isSuccess = (outcome: number | string | undefined) => typeof outcome === 'number' && outcome < 300;

function tally(outcomes: Array<number | string | undefined>): string {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) counts.set(String(outcome), (counts.get(String(outcome)) ?? 0) + 1);
  return counts.size ? [...counts].map(([outcome, times]) => `${times} × ${outcome}`).join(', ') : 'none';
}

function report(phases: Phase[], stored: Map<string, number>, mailed: Map<string, number>, unfinished: number): void {
  const [baseline, faulty] = phases.map((phase) => ({ phase, ...count(phase, stored, mailed) }));
  const row = (label: string, value: (side: NonNullable<typeof baseline>) => string | number) =>
    console.log(`  ${label.padEnd(34)}${String(value(baseline!)).padStart(10)}   ${value(faulty!)}`);
  console.log(
    `faults: contact forms at ${RATE}/s through API, outbox, queue and worker to an SMTP sink; ` +
      `${BASELINE_SECONDS} s without faults, then ${FAULT_SECONDS} s with PostgreSQL restarted at ` +
      `${POSTGRES_RESTART_AT} s and Redis restarted empty at ${REDIS_RESTART_AT} s`,
  );
  for (const note of faulty!.phase.faults) console.log(`  ${note}`);
  console.log(`  ${''.padEnd(34)}${'baseline'.padStart(10)}   faults`);
  row('sent', (side) => side.sent);
  row('accepted (2xx)', (side) => side.accepted);
  row('stored (rows in the database)', (side) => side.stored);
  row('mailed (at least once)', (side) => side.mailed);
  row('lost (accepted, not stored/mailed)', (side) => side.lost);
  row('duplicated (mailed more than once)', (side) => side.duplicated);
  row('stored though not answered 2xx', (side) => side.storedNotAccepted);
  row('longest silence (s)', (side) => seconds1(side.phase.longestSilenceMs));
  console.log(`  refused or unanswered, baseline: ${baseline!.refused}`);
  console.log(`  refused or unanswered, faults:   ${faulty!.refused}`);
  if (unfinished !== 0) console.log(`  jobs still unfinished ${DRAIN_LIMIT_MS / 1000} s after the load: ${unfinished}`);
  const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : (a / b).toFixed(2));
  console.log(
    `  ratios (faults / baseline): accepted ${ratio(faulty!.accepted / faulty!.sent, baseline!.accepted / baseline!.sent)}, ` +
      `mailed ${ratio(faulty!.mailed / faulty!.sent, baseline!.mailed / baseline!.sent)}, ` +
      `longest silence ${ratio(faulty!.phase.longestSilenceMs, baseline!.phase.longestSilenceMs)}`,
  );
}

const seconds1 = (ms: number) => (ms / 1000).toFixed(2);

function sleepUntil(moment: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, moment - performance.now())));
}

/** The embedded PostgreSQL's own pg_ctl, run as the user the server runs as (postgres, under root). */
async function pgCtl(databaseDir: string, args: string[]): Promise<void> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { pg_ctl: string };
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString());
  const asUser = os.userInfo().uid === 0 ? { uid: id('-u'), gid: id('-g') } : {};
  // Not spawnSync: the API under test answers from this same process while PostgreSQL restarts.
  await promisify(execFile)(binaries.pg_ctl, ['-D', databaseDir, ...args], asUser);
}

function restartPostgres(databaseDir: string): Promise<void> {
  return pgCtl(databaseDir, ['restart', '-m', 'fast', '-w', '-l', path.join(databaseDir, 'restarted.log')]);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
