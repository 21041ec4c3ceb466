import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { LIVE_NAMESPACES, MAX_QUESTIONS_LIMIT } from '@gather/contracts';
import { qnaSessions } from '@gather/server/platform/database/schema/qna';
import { benchChild, median, message, openSockets, percentiles, startBareServer } from './support/live.js';
import { allShown, castVotesAndQuestions, prepareVoting, recordCounts, voteLatencies } from './support/qna-load.js';
import { openCountingAudience } from './support/light-audience.js';
import { productionRequestLog, startBenchSite } from './support/site.js';
import { reportTargets } from './support/targets.js';
import { machineLoad } from './support/usage.js';

/**
 * Q&A votes: from a visitor's vote call (HTTP POST) to the new count on each moderator's screen
 * (`questions:votes` on /staff, gathered over STAFF_VOTES_BATCH_MS), with 2,000 audience sockets and 20
 * moderators connected, 200 votes and 20 new questions a second for 30 seconds; and the API process's CPU per
 * 1,000 audience sockets over that load. The baseline is the bare socket.io server of live-latency, answering the
 * same calls with Gather's own publisher and QnaLive (the same moderator and audience traffic),
 * with no database, no Redis and no sign-in. Runs alternate (Gather, bare, ...), after each server has run
 * WARM_UP_SECONDS of the same load unmeasured; figures are medians.
 *
 * Both servers run in this process (so process.cpuUsage() is the API's CPU; PostgreSQL and Redis are
 * processes of their own and not counted); one child holds the audience sockets, another the
 * moderators and the vote and submit calls, timing both ends with the same clock. The API writes production's
 * request log (one line per request, to /dev/null here), as in `sunday`: its CPU is what a church's server pays.
 *
 * Each device votes once per question, so the votes come from DEVICES devices, each with the signed
 * device cookie Gather issues on its public Q&A calls, spread over SEED_QUESTIONS questions asked
 * before the load starts (a device's k-th vote goes to a different question).
 */
const AUDIENCE = 2000;
const MODERATORS = 20;
const VOTES_PER_SECOND = 200;
const QUESTIONS_PER_SECOND = 20;
const SECONDS = 30;
/**
 * Each server first runs this long under the same load, unmeasured, as in `sunday`: its first load runs while tsx
 * compiles the code and V8 optimises it (Gather's first run was the dearest of three in every run of this bench).
 */
const WARM_UP_SECONDS = 10;
const VOTES = VOTES_PER_SECOND * SECONDS;
const SEED_QUESTIONS = 10;
const DEVICES = 1000;
/** How long after the last call receipts are still waited for. */
const DRAIN_MS = 10_000;
/** Vote to moderator, and the vote call itself: p99 under this, in ms. */
const TARGET_P99_MS = 100;
/** Vote to moderator p99 against bare socket.io's, at most. */
const TARGET_LATENCY_RATIO = 3;
/** The API's CPU per 1,000 audience sockets against bare socket.io's, at most. */
const TARGET_CPU_RATIO = 2;
/** Runs of each server, alternating; figures are medians. */
const ROUNDS = 3;

interface Target {
  name: string;
  url: string;
  sessionId: string;
  headers: Record<string, string>;
  /** Whether the server issues device cookies (Gather) or ignores them (bare). */
  devices: boolean;
  /** How long the load lasts. */
  seconds: number;
}

interface Measured {
  /** Each vote call to each moderator's first sight of a count at least the call's answer. */
  latencies: number[];
  answers: number[];
  failedVotes: number;
  failedSubmits: number;
  /** (vote, moderator) pairs never shown the vote's count. */
  missing: number;
  seconds: number;
}

interface AudienceCount {
  questionLists: number;
  voteLists: number;
}

interface Run {
  measured: Measured;
  audience: AudienceCount;
  /** API CPU seconds per second of load, per 1,000 audience sockets. */
  cpu: number;
}

const file = fileURLToPath(import.meta.url);
const log = pino({ level: 'warn' });

/** True when the target is met. */
async function main(): Promise<boolean> {
  const site = await startBenchSite(
    {
      // Every device here calls from 127.0.0.1: one address for the whole congregation and more.
      RATE_LIMIT_QUESTIONS: '1000000',
      RATE_LIMIT_VOTES: '1000000',
      QNA_QUESTIONS_PER_ADDRESS: '1000000',
      QNA_VOTES_PER_ADDRESS: '1000000',
      LOG_LEVEL: 'info',
    },
    productionRequestLog(),
  );
  const { stack, server } = site;
  const bare = await startBareServer(log);
  try {
    const cookie = await site.signInStaff();
    const gather = { name: 'Gather (API + PostgreSQL + Redis Streams adapter)', url: server.url, runs: [] as Run[] };
    const plain = { name: 'bare socket.io, same moderator and audience traffic', url: bare.url, runs: [] as Run[] };
    console.log(
      `Q&A votes, vote call -> new count on each moderator's screen: ${AUDIENCE} audience sockets, ` +
        `${MODERATORS} moderators, ${VOTES_PER_SECOND} votes/s and ${QUESTIONS_PER_SECOND} questions/s for ` +
        `${SECONDS} s from ${DEVICES} devices, ${os.cpus().length} CPU cores, 127.0.0.1; ${ROUNDS} runs of each, alternating`,
    );
    const run = async (target: typeof gather, title: string, seconds: number) => {
      const [session] = await stack.ctx.db
        .insert(qnaSessions)
        .values({ title, description: 'Votes', maxQuestions: MAX_QUESTIONS_LIMIT })
        .returning();
      const headers: Record<string, string> = target === gather ? { cookie, origin: target.url } : {};
      return measure({
        name: target.name,
        url: target.url,
        sessionId: session!.id,
        headers,
        devices: target === gather,
        seconds,
      });
    };
    console.log(`  warming each server up with ${WARM_UP_SECONDS} s of the same load first (not measured)`);
    for (const target of [gather, plain]) await run(target, 'Bench warm-up', WARM_UP_SECONDS);
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const target of [gather, plain]) {
        const measured = await run(target, `Bench votes ${round}`, SECONDS);
        target.runs.push(measured);
        console.log(`  run ${round}, ${target.name}: ${summary(measured)}; ${machineLoad()}`);
      }
    }
    report(gather.name, gather.runs);
    report(plain.name, plain.runs);
    const p99 = (runs: Run[]) => median(runs.map(({ measured }) => percentiles(measured.latencies).p99));
    const answerP99 = (runs: Run[]) => median(runs.map(({ measured }) => percentiles(measured.answers).p99));
    const cpu = (runs: Run[]) => median(runs.map((run) => run.cpu));
    const lost = (runs: Run[]) =>
      median(runs.map(({ measured }) => measured.failedVotes + measured.failedSubmits + measured.missing));
    console.log(`  targets (medians of ${ROUNDS} runs; ${machineLoad()}):`);
    return reportTargets([
      {
        name: 'vote -> moderator p99',
        value: p99(gather.runs),
        limit: TARGET_P99_MS,
        unit: 'ms',
        strict: true,
        baseline: p99(plain.runs),
      },
      {
        name: 'vote -> moderator p99 / bare',
        value: p99(gather.runs) / p99(plain.runs),
        limit: TARGET_LATENCY_RATIO,
        unit: 'x',
      },
      {
        name: 'vote call answered p99',
        value: answerP99(gather.runs),
        limit: TARGET_P99_MS,
        unit: 'ms',
        strict: true,
        baseline: answerP99(plain.runs),
      },
      {
        name: 'API CPU per 1,000 audience sockets / bare',
        value: cpu(gather.runs) / cpu(plain.runs),
        limit: TARGET_CPU_RATIO,
        unit: 'x',
      },
      {
        name: 'votes and questions failed or never shown',
        value: lost(gather.runs),
        limit: 0,
        unit: 'calls',
        baseline: lost(plain.runs),
      },
    ]);
  } finally {
    await bare.close();
    await site.stop();
  }
}

/** One run: the audience child connects, then the moderators' child asks, votes and times. */
async function measure(target: Target): Promise<Run> {
  const audienceChild = child('audience', target);
  await message(audienceChild);
  const moderators = child('moderators', target);
  await message(moderators); // connected, questions asked, devices known: the load starts
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  await message(moderators); // the last call answered
  const { user, system } = process.cpuUsage(cpuBefore);
  const cpu = (user + system) / 1e6 / ((performance.now() - startedAt) / 1000) / (AUDIENCE / 1000);
  const measured = (await message(moderators)) as Measured;
  audienceChild.send('count');
  const audience = (await message(audienceChild)) as AudienceCount;
  audienceChild.kill();
  await once(audienceChild, 'exit');
  return { measured, audience, cpu };
}

function child(role: 'audience' | 'moderators', target: Target): ChildProcess {
  return benchChild(file, role, target);
}

function summary({ measured, cpu }: Run): string {
  const { p50, p99 } = percentiles(measured.latencies);
  return `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, CPU ${cpu.toFixed(3)} s/s per 1,000 sockets`;
}

function report(name: string, runs: Run[]): void {
  const of = (figure: (run: Run) => number) => median(runs.map(figure));
  const receipts = runs.map(({ measured }) => percentiles(measured.latencies));
  const answers = runs.map(({ measured }) => percentiles(measured.answers));
  console.log(`  ${name}, median of ${runs.length} runs:`);
  console.log(
    `    vote -> moderator p50 ${median(receipts.map((r) => r.p50)).toFixed(1)} ms, ` +
      `p99 ${median(receipts.map((r) => r.p99)).toFixed(1)} ms, max ${median(receipts.map((r) => r.max)).toFixed(1)} ms ` +
      `(${of((run) => run.measured.latencies.length)} of ${VOTES * MODERATORS} receipts, ` +
      `${of((run) => run.measured.missing)} missing)`,
  );
  console.log(
    `    vote call answered p50 ${median(answers.map((a) => a.p50)).toFixed(1)} ms, ` +
      `p99 ${median(answers.map((a) => a.p99)).toFixed(1)} ms; ${VOTES} votes in ` +
      `${of((run) => run.measured.seconds).toFixed(1)} s, ${of((run) => run.measured.failedVotes)} votes and ` +
      `${of((run) => run.measured.failedSubmits)} submits failed`,
  );
  console.log(
    `    API CPU ${of((run) => run.cpu).toFixed(3)} s per second per 1,000 audience sockets; audience: ` +
      `${of((run) => run.audience.questionLists)} question lists and ${of((run) => run.audience.voteLists)} ` +
      `vote-count lists over ${AUDIENCE} sockets`,
  );
}

async function audienceChild(target: Target): Promise<void> {
  const { counts } = await openCountingAudience(target, AUDIENCE, ['questions:created', 'questions:votes']);
  process.on('message', async () => {
    // The last gathered lists leave up to AUDIENCE_BATCH_MS after the last call.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const count: AudienceCount = {
      questionLists: counts.events['questions:created']!,
      voteLists: counts.events['questions:votes']!,
    };
    process.send!(count);
  });
  process.send!('ready');
}

/** Votes and asks at a steady rate without waiting for answers, as a congregation would. */
async function moderatorsChild(target: Target): Promise<void> {
  const sockets = await openSockets(target, LIVE_NAMESPACES.staff, MODERATORS);
  const { questionIds, devices } = await prepareVoting(target, SEED_QUESTIONS, DEVICES, target.devices);
  const screens = sockets.map((socket) => recordCounts(socket));
  process.send!('start');
  const { votes, answers, failedVotes, failedSubmits, seconds } = await castVotesAndQuestions({
    base: `${target.url}/api/qna/public/sessions/${target.sessionId}`,
    votesPerSecond: VOTES_PER_SECOND,
    questionsPerSecond: QUESTIONS_PER_SECOND,
    seconds: target.seconds,
    questionIds,
    devices,
  });
  process.send!('end');
  const deadline = Date.now() + DRAIN_MS;
  while (!allShown(screens, votes) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { latencies, missing } = voteLatencies(screens, votes);
  const measured: Measured = { latencies, answers, failedVotes, failedSubmits, missing, seconds };
  process.send!(measured, () => process.exit(0));
}

const [role, target] = process.argv.slice(2);
const run =
  role === 'audience'
    ? audienceChild(JSON.parse(target!) as Target)
    : role === 'moderators'
      ? moderatorsChild(JSON.parse(target!) as Target)
      : main().then((met) => process.exit(met ? 0 : 1));
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
