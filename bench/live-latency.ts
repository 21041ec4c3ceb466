import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { LIVE_NAMESPACES, MAX_QUESTIONS_LIMIT } from '@gather/contracts';
import { qnaSessions } from '@gather/server/platform/database/schema/qna';
import { benchChild, median, message, openSockets, percentiles, startBareServer } from './support/live.js';
import { startBenchSite } from './support/site.js';

/**
 * Live Q&A latency: from a visitor's submit call (HTTP POST) to each moderator's receipt of the
 * question, with 1,000 audience sockets and 20 moderators connected, 50 questions a second for 30
 * seconds. The baseline is a bare socket.io server that sends the same traffic: each question to the
 * 20 moderators at once and to the 1,000 audience sockets in the same lists as Gather's (the same
 * QnaLive, see AUDIENCE_BATCH_MS), with no database, no Redis and no sign-in. So the ratio is
 * what storing the question and sharing rooms across processes cost, not the fan-out both pay.
 * Runs alternate (Gather, bare, Gather, bare...) so a busy moment of the machine hits both alike,
 * and each figure reported is the median of its runs.
 *
 * Three processes, so clients do not steal the servers' event loop: this one runs the servers; one
 * child holds the audience sockets; another the moderators and the visitor's submit calls, timing
 * both ends with the same clock.
 */
const AUDIENCE = 1000;
const MODERATORS = 20;
const PER_SECOND = 50;
const SECONDS = 30;
const QUESTIONS = PER_SECOND * SECONDS;
/** How long after the last submit receipts are still waited for. */
const DRAIN_MS = 10_000;
const TARGET_P99_MS = 50;
/** Gather's p99 may be at most this many times the baseline's. */
const TARGET_RATIO = 2;
/** Runs of each server, alternating. */
const ROUNDS = 3;

interface Target {
  name: string;
  url: string;
  sessionId: string;
  headers: Record<string, string>;
}

interface Measured {
  latencies: number[];
  answers: number[];
  failedSubmits: number;
  seconds: number;
}

/** What the audience sockets received, all together. */
interface AudienceCount {
  questions: number;
  messages: number;
  /** Sockets that were shown the last question submitted. */
  sawLast: number;
}

const file = fileURLToPath(import.meta.url);
const log = pino({ level: 'warn' });

/** True when the target is met. */
async function main(): Promise<boolean> {
  const site = await startBenchSite(
    {
      RATE_LIMIT_QUESTIONS: '1000000',
    },
    log,
  );
  const { stack, server } = site;
  const bare = await startBareServer(log);
  try {
    const cookie = await site.signInStaff();
    const gather = { name: 'Gather (API + PostgreSQL + Redis Streams adapter)', url: server.url, runs: [] as Run[] };
    const plain = { name: 'bare socket.io, same moderator and audience traffic', url: bare.url, runs: [] as Run[] };
    console.log(
      `live Q&A latency, submit call -> each moderator's receipt: ${AUDIENCE} audience sockets, ` +
        `${MODERATORS} moderators, ${PER_SECOND} questions/s for ${SECONDS} s, ${os.cpus().length} CPU cores, 127.0.0.1; ` +
        `${ROUNDS} runs of each, alternating`,
    );
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const server of [gather, plain]) {
        // A fresh session each run, so no run starts near the question limit.
        const [session] = await stack.ctx.db
          .insert(qnaSessions)
          .values({ title: `Bench Q&A ${round}`, description: 'Latency', maxQuestions: MAX_QUESTIONS_LIMIT })
          .returning();
        const headers: Record<string, string> = server === gather ? { cookie, origin: server.url } : {};
        const run = await measure({ name: server.name, url: server.url, sessionId: session!.id, headers });
        server.runs.push(run);
        console.log(`  run ${round}, ${server.name}: ${summary(run)}`);
      }
    }
    report(gather.name, gather.runs);
    report(plain.name, plain.runs);
    const ours = median(gather.runs.map(({ measured }) => percentiles(measured.latencies).p99));
    const baseline = median(plain.runs.map(({ measured }) => percentiles(measured.latencies).p99));
    const ratio = ours / baseline;
    console.log(`  ratio (Gather / bare), median p99: ${ratio.toFixed(2)}`);
    const met = ours < TARGET_P99_MS && ratio <= TARGET_RATIO;
    console.log(
      `  Gather median p99 = ${ours.toFixed(1)} ms, ${ratio.toFixed(2)} x bare: ` +
        `target p99 < ${TARGET_P99_MS} ms and <= ${TARGET_RATIO} x bare ${met ? 'met' : 'NOT met'}`,
    );
    return met;
  } finally {
    await bare.close();
    await site.stop();
  }
}

interface Run {
  measured: Measured;
  audience: AudienceCount;
}

/** One run against one server: the audience child connects first, then the moderators' child runs the load. */
async function measure(target: Target): Promise<Run> {
  const audienceChild = child('audience', target);
  await message(audienceChild);
  const moderators = child('moderators', target);
  const measured = (await message(moderators)) as Measured;
  audienceChild.send('count');
  const audience = (await message(audienceChild)) as AudienceCount;
  audienceChild.kill();
  await once(audienceChild, 'exit');
  return { measured, audience };
}

const lastQuestionText = `Bench question ${QUESTIONS - 1}`;

function summary({ measured }: Run): string {
  const { p50, p99 } = percentiles(measured.latencies);
  return `receipt p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`;
}

/** The median of each figure over the runs. */
function report(name: string, runs: Run[]): void {
  const expected = QUESTIONS * MODERATORS;
  const of = (figure: (run: Run) => number) => median(runs.map(figure));
  const receipts = runs.map(({ measured }) => percentiles(measured.latencies));
  const answers = runs.map(({ measured }) => percentiles(measured.answers));
  console.log(`  ${name}, median of ${runs.length} runs:`);
  console.log(
    `    receipt latency p50 ${median(receipts.map((r) => r.p50)).toFixed(1)} ms, ` +
      `p99 ${median(receipts.map((r) => r.p99)).toFixed(1)} ms, max ${median(receipts.map((r) => r.max)).toFixed(1)} ms ` +
      `(${of((run) => run.measured.latencies.length)} of ${expected} receipts)`,
  );
  console.log(
    `    submit call answered p50 ${median(answers.map((a) => a.p50)).toFixed(1)} ms, ` +
      `p99 ${median(answers.map((a) => a.p99)).toFixed(1)} ms; ${QUESTIONS} submits in ` +
      `${of((run) => run.measured.seconds).toFixed(1)} s, ${of((run) => run.measured.failedSubmits)} failed`,
  );
  console.log(
    `    audience: ${of((run) => run.audience.messages)} lists holding ${of((run) => run.audience.questions)} ` +
      `questions (the newest of each batch); ${of((run) => run.audience.sawLast)} of ${AUDIENCE} sockets ` +
      `shown the last question`,
  );
}

function child(role: 'audience' | 'moderators', target: Target): ChildProcess {
  return benchChild(file, role, target);
}

async function audienceChild(target: Target): Promise<void> {
  const count: AudienceCount = { questions: 0, messages: 0, sawLast: 0 };
  for (const socket of await openSockets(target, LIVE_NAMESPACES.audience, AUDIENCE)) {
    socket.on('questions:created', (questions: Array<{ text: string }>) => {
      count.questions += questions.length;
      count.messages += 1;
      if (questions.some((question) => question.text === lastQuestionText)) count.sawLast += 1;
    });
  }
  // The last list reaches the audience up to AUDIENCE_BATCH_MS after the moderators' last question.
  process.on('message', async () => {
    const deadline = Date.now() + DRAIN_MS;
    while (count.questions > 0 && count.sawLast < AUDIENCE && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    process.send!(count);
  });
  process.send!('ready');
}

/** Submits at a steady rate without waiting for answers, as many visitors would. */
async function moderatorsChild(target: Target): Promise<void> {
  const sockets = await openSockets(target, LIVE_NAMESPACES.staff, MODERATORS);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  for (const socket of sockets) {
    socket.on('question:created', (question: { text: string }) => {
      const sent = sentAt.get(question.text);
      if (sent !== undefined) latencies.push(performance.now() - sent);
    });
  }
  const answers: number[] = [];
  let failedSubmits = 0;
  const calls: Array<Promise<void>> = [];
  const started = performance.now();
  for (let index = 0; index < QUESTIONS; index += 1) {
    const wait = started + (index * 1000) / PER_SECOND - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const text = `Bench question ${index}`;
    const sent = performance.now();
    sentAt.set(text, sent);
    calls.push(
      fetch(`${target.url}/api/qna/public/sessions/${target.sessionId}/submit/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, name: 'Visitor', category: 'general' }),
      }).then(
        async (answer) => {
          await answer.arrayBuffer();
          answers.push(performance.now() - sent);
          if (answer.status !== 201) failedSubmits += 1;
        },
        () => void (failedSubmits += 1),
      ),
    );
  }
  await Promise.all(calls);
  const seconds = (performance.now() - started) / 1000;
  const deadline = Date.now() + DRAIN_MS;
  while (latencies.length < QUESTIONS * MODERATORS && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const measured: Measured = { latencies, answers, failedSubmits, seconds };
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
