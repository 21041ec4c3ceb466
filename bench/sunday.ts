import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { MAX_QUESTIONS_LIMIT } from '@gather/contracts';
import { qnaSessions } from '@gather/server/platform/database/schema/qna';
import { buildSiteApart } from './support/build-apart.js';
import { benchChild, inbox, percentiles } from './support/live.js';
import { startBenchSite } from './support/site.js';
import { printReport, type Run } from './support/sunday-report.js';
import {
  audienceRole,
  bareRole,
  phonesRole,
  staffRole,
  type AudienceCount,
  type MeterRequest,
  type PhonesMeasured,
  type StaffMeasured,
  type SundayTarget,
} from './support/sunday-roles.js';
import { machineBusy, machineLoad, settledMemory, UsageMeter, type Settled, type Usage } from './support/usage.js';

/**
 * A full Sunday on one API process (issue 31): 5,000 audience sockets, 20 moderators and the projector on
 * /staff, 50 questions and 300 votes a second from 2,000 devices, and phones opening the question page (drawn
 * on the server) at 2,000 a minute, all at once for LOAD_SECONDS. Measured: each question and each vote to
 * every staff screen, each page to its last byte, sockets cut off, and the API process's CPU and memory
 * (peak RSS sampled every 100 ms). The baseline, run in turn with Gather (Gather, bare, ...): the bare socket.io
 * server of live-latency with the same socket traffic and calls, answering pages with a bare React page drawn on
 * the server by the same renderer, in a process of its own. Figures are medians of ROUNDS runs of each.
 *
 * The API runs in this process, with production's request log (one line per request, to /dev/null here), as
 * the bare server runs in its child: each measures its own process. PostgreSQL and Redis are processes of their
 * own and not counted. Children hold the audience (AUDIENCE_CHILDREN of them), the staff screens with the
 * congregation's calls, and the phones; the machine's load and busy share are printed with each run.
 *
 * Before each load the audience sockets sit idle for IDLE_SECONDS (one socket.io ping interval, so each socket's
 * heartbeat is counted once): what 1,000 idle sockets cost, then what 1,000 cost under the load.
 */
const AUDIENCE = 5000;
const AUDIENCE_CHILDREN = 3;
/** 20 moderators and the projector. */
const STAFF_SCREENS = 21;
const VOTES_PER_SECOND = 300;
const QUESTIONS_PER_SECOND = 50;
/** Each run holds the peak this long: 1,000 phones a run at 2,000 a minute keep the bench under 12 minutes. */
const LOAD_SECONDS = 30;
const PHONES_PER_MINUTE = 2000;
const SEED_QUESTIONS = 10;
const DEVICES = 2000;
const IDLE_SECONDS = 25;
const DRAIN_MS = 10_000;
const ROUNDS = 3;

const file = fileURLToPath(import.meta.url);

/** The server under test's process: this one (Gather) or the bare server's child. */
interface ServerMeter {
  settled(): Promise<Settled>;
  start(): Promise<void>;
  stop(): Promise<Usage>;
}

function localMeter(): ServerMeter {
  const meter = new UsageMeter();
  return { settled: settledMemory, start: async () => meter.start(), stop: async () => meter.stop() };
}

function childMeter(child: ChildProcess, next: () => Promise<unknown>): ServerMeter {
  const ask = async (request: MeterRequest) => {
    child.send(request);
    return next();
  };
  return {
    settled: async () => (await ask('settled')) as Settled,
    start: async () => void (await ask('start')),
    stop: async () => (await ask('stop')) as Usage,
  };
}

/** True when every target is met. */
async function main(): Promise<boolean> {
  const pagesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-sunday-pages-'));
  buildSiteApart(pagesDir);
  const log = pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false }));
  const site = await startBenchSite(
    {
      // Every device here calls from 127.0.0.1: one address for the whole congregation.
      RATE_LIMIT_QUESTIONS: '1000000',
      RATE_LIMIT_VOTES: '1000000',
      LOG_LEVEL: 'info',
      SERVE_FRONTEND: 'true',
      FRONTEND_DIR: pagesDir,
    },
    log,
  );
  const gather: Run[] = [];
  const bare: Run[] = [];
  try {
    const cookie = await site.signInStaff();
    console.log(
      `a Sunday on one API process: ${AUDIENCE} audience sockets, ${STAFF_SCREENS - 1} moderators and the projector, ` +
        `${QUESTIONS_PER_SECOND} questions/s and ${VOTES_PER_SECOND} votes/s from ${DEVICES} devices and the question ` +
        `page opened ${PHONES_PER_MINUTE} times a minute, for ${LOAD_SECONDS} s a run; ${ROUNDS} runs of each, alternating`,
    );
    for (let round = 1; round <= ROUNDS; round += 1) {
      const [session] = await site.stack.ctx.db
        .insert(qnaSessions)
        .values({ title: `Sunday ${round}`, description: 'Sermon Q&A', maxQuestions: MAX_QUESTIONS_LIMIT })
        .returning();
      const run = await measure(
        target(site.server.url, session!.id, { cookie, origin: site.server.url }, true),
        localMeter(),
      );
      gather.push(run);
      console.log(`  run ${round}, Gather: ${summary(run)}`);
      bare.push(await measureBare(round));
    }
  } finally {
    await site.stop();
    await fs.rm(pagesDir, { recursive: true, force: true });
  }
  return printReport(gather, bare, AUDIENCE);
}

function target(url: string, sessionId: string, headers: Record<string, string>, devices: boolean): SundayTarget {
  return {
    url,
    sessionId,
    headers,
    devices,
    sockets: 0,
    load: {
      votesPerSecond: VOTES_PER_SECOND,
      questionsPerSecond: QUESTIONS_PER_SECOND,
      seconds: LOAD_SECONDS,
      seedQuestions: SEED_QUESTIONS,
      devices: DEVICES,
    },
    phones: Math.round((PHONES_PER_MINUTE * LOAD_SECONDS) / 60),
    drainMs: DRAIN_MS,
  };
}

/** A fresh bare server each run, so its process's memory is that run's alone. */
async function measureBare(round: number): Promise<Run> {
  const server = spawn('bare', null);
  try {
    const url = (await server.next()) as string;
    const run = await measure(target(url, 'bare-sunday', {}, false), childMeter(server.child, server.next));
    console.log(`  run ${round}, bare:   ${summary(run)}`);
    return run;
  } finally {
    server.child.kill();
    await server.closed;
  }
}

interface Child {
  child: ChildProcess;
  next(): Promise<unknown>;
  closed: Promise<unknown>;
}

function spawn(role: string, of: SundayTarget | null, sockets = 0): Child {
  const child = benchChild(file, role, of && { ...of, sockets });
  return { child, next: inbox(child), closed: once(child, 'close') };
}

async function measure(of: SundayTarget, meter: ServerMeter): Promise<Run> {
  const before = await meter.settled();
  const connecting = performance.now();
  const audience = Array.from({ length: AUDIENCE_CHILDREN }, (_, index) =>
    spawn('audience', of, Math.floor(AUDIENCE / AUDIENCE_CHILDREN) + (index < AUDIENCE % AUDIENCE_CHILDREN ? 1 : 0)),
  );
  const children = [...audience];
  try {
    await Promise.all(audience.map(({ next }) => next()));
    const connectSeconds = (performance.now() - connecting) / 1000;
    const connected = await meter.settled();
    await meter.start();
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idle = await meter.stop();

    const staff = spawn('staff', of, STAFF_SCREENS);
    const phones = spawn('phones', of);
    children.push(staff, phones);
    await phones.next(); // ready
    await staff.next(); // screens open, devices known: the load starts
    const load = machineLoad();
    const cpus = os.cpus();
    await meter.start();
    phones.child.send('go');
    await staff.next(); // the last call answered
    const pages = (await phones.next()) as PhonesMeasured;
    const active = await meter.stop();
    const busy = machineBusy(cpus);
    const measured = (await staff.next()) as StaffMeasured;
    for (const { child } of audience) child.send('count');
    const counts = (await Promise.all(audience.map(({ next }) => next()))) as AudienceCount[];
    const heard = counts.reduce(
      (sum, count) => ({
        questionLists: sum.questionLists + count.questionLists,
        voteLists: sum.voteLists + count.voteLists,
        disconnects: sum.disconnects + count.disconnects,
      }),
      { questionLists: 0, voteLists: 0, disconnects: 0 },
    );
    return { staff: measured, pages, audience: heard, before, connected, idle, active, busy, load, connectSeconds };
  } finally {
    for (const { child } of children) child.kill();
    await Promise.all(children.map(({ closed }) => closed));
  }
}

function summary(run: Run): string {
  const p99 = (values: number[]) => percentiles(values).p99.toFixed(1);
  return (
    `question p99 ${p99(run.staff.questionLatencies)} ms, vote p99 ${p99(run.staff.voteLatencies)} ms, ` +
    `page p99 ${p99(run.pages.latencies)} ms, ${run.audience.disconnects + run.staff.disconnects} dropped, ` +
    `RSS peak ${(run.active.rssPeak / 2 ** 20).toFixed(0)} MB, CPU ${run.active.cpu.toFixed(2)} s/s, ` +
    `${run.staff.failedVotes} votes (${failures(run.staff.voteFailures)}) and ${run.pages.failed} pages failed, sockets in ${run.connectSeconds.toFixed(0)} s; ` +
    `${run.load}, machine ${(run.busy * 100).toFixed(0)}% busy`
  );
}

/** Failed calls by answer, e.g. `503 x12, error x1`. */
function failures(byAnswer: Record<string, number>): string {
  return (
    Object.entries(byAnswer)
      .map(([answer, count]) => `${answer} x${count}`)
      .join(', ') || 'none'
  );
}

const [role, of] = process.argv.slice(2);
const roles: Record<string, (target: SundayTarget) => Promise<void>> = {
  audience: audienceRole,
  staff: staffRole,
  phones: phonesRole,
  bare: bareRole,
};
const run = role ? roles[role]!(JSON.parse(of!) as SundayTarget) : main().then((met) => process.exit(met ? 0 : 1));
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
