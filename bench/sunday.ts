import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_QUESTIONS_LIMIT } from '@gather/contracts';
import { qnaSessions } from '@gather/server/platform/database/schema/qna';
import { buildSiteApart } from './support/build-apart.js';
import { benchChild, inbox, percentiles } from './support/live.js';
import { productionRequestLog, startBenchSite } from './support/site.js';
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
import {
  machineBusy,
  machineLoad,
  settledMemory,
  UsageMeter,
  type OwnLoad,
  type Settled,
  type Usage,
} from './support/usage.js';

/**
 * A full Sunday on one API process (issue 31): 5,000 audience sockets, 20 moderators and the projector on
 * /staff, 50 questions and 300 votes a second from 2,000 devices, and phones opening the question page (drawn
 * on the server) at 2,000 a minute, all at once for LOAD_SECONDS. Measured: each question and each vote to
 * every staff screen, each page to its last byte, sockets cut off, and the API process's CPU and memory
 * (peak RSS sampled every 100 ms). The baseline, run in turn with Gather (Gather, bare, ...): the bare socket.io
 * server of live-latency with the same socket traffic and calls, answering pages with a bare React page drawn on
 * the server by the same renderer, in a process of its own. Figures are medians of ROUNDS runs of each, after
 * each server has run WARM_UP_SECONDS of the same load unmeasured (its first load runs while its code is compiled).
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
/** Each run holds the peak this long: 1,000 phones a run at 2,000 a minute keep the bench near 17 minutes. */
const LOAD_SECONDS = 30;
const PHONES_PER_MINUTE = 2000;
const SEED_QUESTIONS = 10;
const DEVICES = 2000;
const IDLE_SECONDS = 25;
const WARM_UP_SECONDS = 10;
const DRAIN_MS = 10_000;
/** `--rounds=N` runs fewer (or more), to check the bench itself; the targets are judged on at least three. */
const ROUNDS = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.split('=')[1] ?? 3);

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
  const log = productionRequestLog();
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
    const newSession = async (title: string, seconds = LOAD_SECONDS) => {
      const [session] = await site.stack.ctx.db
        .insert(qnaSessions)
        .values({ title, description: 'Sermon Q&A', maxQuestions: MAX_QUESTIONS_LIMIT })
        .returning();
      return target(site.server.url, session!.id, { cookie, origin: site.server.url }, true, seconds);
    };
    const bareServer = spawn('bare', null);
    try {
      const bareUrl = (await bareServer.next()) as string;
      const bareMeter = childMeter(bareServer.child, bareServer.next);
      const bareTarget = (seconds: number) => target(bareUrl, 'bare-sunday', {}, false, seconds);
      // Each server's first load runs while its code is still being compiled and its caches filled: not measured.
      console.log(`  warming each server up with ${WARM_UP_SECONDS} s of the same load first (not measured)`);
      await measure(await newSession('Warm-up', WARM_UP_SECONDS), localMeter(), 0);
      await measure(bareTarget(WARM_UP_SECONDS), bareMeter, 0);
      for (let round = 1; round <= ROUNDS; round += 1) {
        const run = await measure(await newSession(`Sunday ${round}`), localMeter());
        gather.push(run);
        console.log(`  run ${round}, Gather: ${summary(run)}`);
        const bareRun = await measure(bareTarget(LOAD_SECONDS), bareMeter);
        bare.push(bareRun);
        console.log(`  run ${round}, bare:   ${summary(bareRun)}`);
      }
    } finally {
      bareServer.child.kill();
      await bareServer.closed;
    }
  } finally {
    await site.stop();
    await fs.rm(pagesDir, { recursive: true, force: true });
  }
  const met = printReport(gather, bare, AUDIENCE);
  if (ROUNDS < 3) console.log(`  only ${ROUNDS} run(s) of each: the targets are judged on medians of at least three`);
  return met && ROUNDS >= 3;
}

function target(
  url: string,
  sessionId: string,
  headers: Record<string, string>,
  devices: boolean,
  seconds = LOAD_SECONDS,
): SundayTarget {
  return {
    url,
    sessionId,
    headers,
    devices,
    sockets: 0,
    load: {
      votesPerSecond: VOTES_PER_SECOND,
      questionsPerSecond: QUESTIONS_PER_SECOND,
      seconds,
      seedQuestions: SEED_QUESTIONS,
      devices: DEVICES,
    },
    phones: Math.round((PHONES_PER_MINUTE * seconds) / 60),
    drainMs: DRAIN_MS,
  };
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

async function measure(of: SundayTarget, meter: ServerMeter, idleSeconds = IDLE_SECONDS): Promise<Run> {
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
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
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
    `loop delay p99 ${run.active.loopP99.toFixed(0)} ms, ` +
    `${run.staff.failedVotes} votes (${failures(run.staff.voteFailures)}) and ${run.pages.failed} pages failed, sockets in ${run.connectSeconds.toFixed(0)} s; ` +
    `${run.load}, machine ${(run.busy * 100).toFixed(0)}% busy; measuring children: congregation and staff screens ` +
    `${own(run.staff.self)}, phones ${own(run.pages.self)}`
  );
}

const own = ({ cpu, loopP99 }: OwnLoad) => `${cpu.toFixed(2)} s/s (loop delay p99 ${loopP99.toFixed(0)} ms)`;

/** Failed calls by answer, e.g. `503 x12, error x1`. */
function failures(byAnswer: Record<string, number>): string {
  return (
    Object.entries(byAnswer)
      .map(([answer, count]) => `${answer} x${count}`)
      .join(', ') || 'none'
  );
}

const [role, of] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
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
