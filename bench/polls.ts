import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { LIVE_NAMESPACES, type PollType } from '@gather/contracts';
import { qnaPollAnswers } from '@gather/server/platform/database/schema/polls';
import { qnaSessions } from '@gather/server/platform/database/schema/qna';
import { startBarePollServer } from './support/bare-polls.js';
import { benchChild, median, message, openSockets, percentiles } from './support/live.js';
import { phoneAddress, post } from './support/qna-load.js';
import { startBenchSite } from './support/site.js';
import { reportTargets, type Target as BenchTarget } from './support/targets.js';
import { machineLoad } from './support/usage.js';

/**
 * Live polls with a full room: DEVICES audience sockets on the session's room, and as many phones answering a
 * `choice` poll within 10 s and a `words` poll within 20 s (a steady rate, without waiting for answers), from
 * each phone's own address of the benchmark range. Timed: each answer call, and each answer to the projector
 * (the staff socket's `poll:results` first showing a total that includes it: the k-th answer acknowledged is on
 * screen once a total of k or more arrives, and not before its own acknowledgement). The results are revealed,
 * so every phone gets them too while answers arrive. The baseline is a bare socket.io server answering the
 * same call with Gather's own publisher, PollLive and ResultsTally, counting in memory. Runs alternate
 * (Gather, bare) for each poll, ROUNDS times; figures are medians.
 *
 * `--devices=N` (or `npm run bench -- polls --devices=N`) runs a smaller room, to check the bench itself.
 */
const DEVICES = Number(process.argv.find((arg) => arg.startsWith('--devices='))?.split('=')[1] ?? 2000);
const KINDS: Array<{ type: PollType; seconds: number; options: string[] }> = [
  { type: 'choice', seconds: 10, options: ['Ruth', 'Acts', 'Psalms', 'Mark'] },
  { type: 'words', seconds: 20, options: [] },
];
/** Answer to projector p99 under this, in ms. */
const TARGET_PROJECTOR_P99_MS = 250;
/** The answer call's p99 under this, in ms. */
const TARGET_ANSWER_P99_MS = 100;
const ROUNDS = 3;
/** How long after the last answer the projector's last results are still waited for. */
const DRAIN_MS = 10_000;
const VOCABULARY = (
  'grace hope joy peace love faith mercy rest light truth life word spirit kindness patience ' +
  'gentleness goodness trust prayer praise family home bread water wine cross hill path lamp song ' +
  'shepherd vine door way rock refuge shelter strength courage wisdom healing freedom welcome ' +
  'friendship thanks wonder awe stillness promise harvest seed root river'
).split(' ');

interface Target {
  url: string;
  sessionId: string;
  pollId: string;
  type: PollType;
  options: number;
  seconds: number;
  /** The staff socket's headers (Gather's session cookie). */
  headers: Record<string, string>;
  /** Whether the server issues device cookies (Gather) or ignores them (bare). */
  cookies: boolean;
  /** Audience sockets, and phones answering. */
  phones: number;
}

interface Measured {
  projector: number[];
  answers: number[];
  acknowledged: number;
  failed: number;
  /** The highest total the projector was shown. */
  shownTotal: number;
  /** Acknowledged answers never on the projector. */
  missing: number;
  /** From the first answer sent to the last answered. */
  seconds: number;
}

interface Run {
  measured: Measured;
  /** `poll:results` messages over all audience sockets. */
  audienceResults: number;
  /** Answers stored (Gather), or the answers acknowledged (bare). */
  stored: number;
}

const file = fileURLToPath(import.meta.url);
const log = pino({ level: 'warn' });

async function main(): Promise<boolean> {
  const site = await startBenchSite(
    {
      // Every call comes from 127.0.0.1: the limits per connection would refuse a congregation on one address.
      RATE_LIMIT_VOTES: '1000000',
      QNA_VOTES_PER_ADDRESS: '1000000',
    },
    log,
  );
  const bare = await startBarePollServer(log);
  try {
    const cookie = await site.signInStaff();
    const staffHeaders = { cookie, origin: site.server.url, 'content-type': 'application/json' };
    console.log(
      `Live polls, answer call -> projector: ${DEVICES} audience sockets and as many phones answering, ` +
        `${KINDS.map((kind) => `a ${kind.type} poll within ${kind.seconds} s`).join(' and ')}, results revealed; ` +
        `${os.cpus().length} CPU cores, 127.0.0.1; ${ROUNDS} runs of each, alternating`,
    );
    const targets: BenchTarget[] = [];
    for (const kind of KINDS) {
      const gather: Run[] = [];
      const plain: Run[] = [];
      for (let round = 1; round <= ROUNDS; round += 1) {
        const [session] = await site.stack.ctx.db
          .insert(qnaSessions)
          .values({ title: `Bench polls ${round}`, description: 'Polls' })
          .returning();
        const sessionId = session!.id;
        const staffCall = async (path: string, body?: unknown) => {
          const answer = await fetch(site.server.url + path, {
            method: 'POST',
            headers: staffHeaders,
            body: JSON.stringify(body ?? {}),
          });
          if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
          return (await answer.json()) as { id: string };
        };
        const poll = await staffCall(`/api/qna/sessions/${sessionId}/polls/`, {
          question: `Bench ${kind.type}`,
          type: kind.type,
          ...(kind.options.length ? { options: kind.options } : {}),
        });
        await staffCall(`/api/qna/polls/${poll.id}/open/`);
        await staffCall(`/api/qna/polls/${poll.id}/reveal/`);
        const run = await measure({
          url: site.server.url,
          sessionId,
          pollId: poll.id,
          type: kind.type,
          options: kind.options.length,
          seconds: kind.seconds,
          headers: { cookie, origin: site.server.url },
          cookies: true,
          phones: DEVICES,
        });
        run.stored = await site.stack.ctx.db.$count(qnaPollAnswers, eq(qnaPollAnswers.pollId, poll.id));
        gather.push(run);
        console.log(`  run ${round}, ${kind.type}, Gather: ${summary(run)}; ${machineLoad()}`);

        const bareId = randomUUID();
        await post(`${bare.url}/bare/polls/${bareId}/`, { type: kind.type, options: kind.options.length });
        const bareRun = await measure({
          url: bare.url,
          sessionId: bareId,
          pollId: bareId,
          type: kind.type,
          options: kind.options.length,
          seconds: kind.seconds,
          headers: {},
          cookies: false,
          phones: DEVICES,
        });
        plain.push(bareRun);
        console.log(`  run ${round}, ${kind.type}, bare socket.io: ${summary(bareRun)}; ${machineLoad()}`);
      }
      targets.push(...targetsOf(kind, gather, plain));
    }
    console.log(`  targets (medians of ${ROUNDS} runs; ${machineLoad()}):`);
    return reportTargets(targets);
  } finally {
    await bare.close();
    await site.stop();
  }
}

function targetsOf(kind: (typeof KINDS)[number], gather: Run[], plain: Run[]): BenchTarget[] {
  const of = (runs: Run[], figure: (run: Run) => number) => median(runs.map(figure));
  const projector = (run: Run) => percentiles(run.measured.projector).p99;
  const answers = (run: Run) => percentiles(run.measured.answers).p99;
  const seconds = (run: Run) => run.measured.seconds;
  // Failed calls, acknowledged answers never shown, and a final total or store that differs from the acknowledged.
  const lost = (run: Run) =>
    run.measured.failed +
    run.measured.missing +
    Math.abs(run.measured.shownTotal - run.measured.acknowledged) +
    Math.abs(run.stored - run.measured.acknowledged);
  return [
    {
      name: `${kind.type}: answer -> projector p99`,
      value: of(gather, projector),
      limit: TARGET_PROJECTOR_P99_MS,
      unit: 'ms',
      strict: true,
      baseline: of(plain, projector),
    },
    {
      name: `${kind.type}: answer call p99`,
      value: of(gather, answers),
      limit: TARGET_ANSWER_P99_MS,
      unit: 'ms',
      strict: true,
      baseline: of(plain, answers),
    },
    {
      name: `${kind.type}: ${DEVICES} answers answered within`,
      value: of(gather, seconds),
      limit: kind.seconds,
      unit: 's',
      baseline: of(plain, seconds),
    },
    { name: `${kind.type}: answers lost`, value: of(gather, lost), limit: 0, unit: 'calls', baseline: of(plain, lost) },
  ];
}

/** One run: the audience child connects and follows the room, then the phones' child answers and times. */
async function measure(target: Target): Promise<Run> {
  const audience = benchChild(file, 'audience', target);
  await message(audience);
  const phones = benchChild(file, 'phones', target);
  const measured = (await message(phones)) as Measured;
  audience.send('count');
  const audienceResults = (await message(audience)) as number;
  await stop(audience);
  return { measured, audienceResults, stored: measured.acknowledged };
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill();
  if (child.exitCode === null) await once(child, 'exit');
}

function summary({ measured, audienceResults, stored }: Run): string {
  const projector = percentiles(measured.projector);
  const answers = percentiles(measured.answers);
  return (
    `answer -> projector p50 ${projector.p50.toFixed(1)} ms, p99 ${projector.p99.toFixed(1)} ms; answer call ` +
    `p50 ${answers.p50.toFixed(1)} ms, p99 ${answers.p99.toFixed(1)} ms; ${measured.acknowledged} answered in ` +
    `${measured.seconds.toFixed(1)} s, ${measured.failed} failed, ${measured.missing} never shown, projector total ` +
    `${measured.shownTotal}, stored ${stored}; ${audienceResults} results messages to phones`
  );
}

async function audienceChild(target: Target): Promise<void> {
  let results = 0;
  const sockets = await openSockets({ ...target, headers: {} }, LIVE_NAMESPACES.audience, target.phones);
  for (const socket of sockets) socket.on('poll:results', () => void (results += 1));
  process.on('message', async () => {
    // The last gathered results leave up to POLL_RESULTS_BATCH_MS after the last answer.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    process.send!(results);
  });
  process.send!('ready');
}

/** The projector's socket, the phones' device cookies, then every phone answers once at a steady rate. */
async function phonesChild(target: Target): Promise<void> {
  const [projector] = await openSockets(target, LIVE_NAMESPACES.staff, 1);
  const shown: Array<{ total: number; at: number }> = [];
  projector!.on('poll:results', (event: { results: { total: number } }) =>
    shown.push({ total: event.results.total, at: performance.now() }),
  );
  const cookies = target.cookies ? await deviceCookies(target) : [];
  const acks: Array<{ sent: number; acked: number }> = [];
  const answers: number[] = [];
  let failed = 0;
  const calls: Array<Promise<void>> = [];
  // Sent evenly over the window less the answer call's target, so that a server answering on target has every
  // answer acknowledged within the window (spread over the whole of it, the last is sent at its very end).
  const sending = target.seconds * 1000 - TARGET_ANSWER_P99_MS;
  const started = performance.now();
  for (let index = 0; index < target.phones; index += 1) {
    const wait = started + (index * sending) / target.phones - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    calls.push(
      post(
        `${target.url}/api/qna/public/polls/${target.pollId}/answer/`,
        answerOf(target, index),
        cookies[index],
        phoneAddress(index),
      )
        .then((answer) => {
          const acked = performance.now();
          answers.push(acked - sent);
          if (answer.status === 200) acks.push({ sent, acked });
          else failed += 1;
        })
        .catch(() => void (failed += 1)),
    );
  }
  await Promise.all(calls);
  const seconds = (performance.now() - started) / 1000;
  const deadline = Date.now() + DRAIN_MS;
  const highest = () => shown.reduce((top, { total }) => Math.max(top, total), 0);
  while (highest() < acks.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  projector!.disconnect();
  const { latencies, missing } = projectorLatencies(acks, shown);
  const measured: Measured = {
    projector: latencies,
    answers,
    acknowledged: acks.length,
    failed,
    shownTotal: highest(),
    missing,
    seconds,
  };
  process.send!(measured, () => process.exit(0));
}

/** The k-th answer acknowledged is on screen from the first total of k or more, and not before its acknowledgement. */
function projectorLatencies(
  acks: Array<{ sent: number; acked: number }>,
  shown: Array<{ total: number; at: number }>,
): { latencies: number[]; missing: number } {
  const inOrder = [...acks].sort((a, b) => a.acked - b.acked);
  const latencies: number[] = [];
  let missing = 0;
  let receipt = 0;
  let top = 0;
  for (const [index, ack] of inOrder.entries()) {
    while (receipt < shown.length && top < index + 1) top = Math.max(top, shown[receipt++]!.total);
    if (top < index + 1) {
      missing += 1;
      continue;
    }
    latencies.push(Math.max(shown[receipt - 1]!.at, ack.acked) - ack.sent);
  }
  return { latencies, missing };
}

function answerOf(target: Target, index: number): { choices?: number[]; text?: string } {
  if (target.type !== 'words') return { choices: [index % target.options] };
  const words = [index % 50, (index * 7 + 3) % 50, (index * 13 + 5) % 50].map((at) => VOCABULARY[at]!);
  return { text: words.slice(0, 1 + (index % 3)).join(' ') };
}

/** Each phone's signed device cookie, as the question page's first call gives it. */
async function deviceCookies(target: Target): Promise<string[]> {
  const cookies: string[] = [];
  for (let start = 0; start < target.phones; start += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, target.phones - start) }, async () => {
        const answer = await fetch(`${target.url}/api/qna/public/sessions/${target.sessionId}/polls/active/`);
        await answer.arrayBuffer();
        const line = answer.headers.getSetCookie().find((value) => value.startsWith('gather_device='));
        if (!line) throw new Error(`no device cookie: ${answer.status}`);
        return line.split(';')[0]!;
      }),
    );
    cookies.push(...batch);
  }
  return cookies;
}

const [role, target] = process.argv.slice(2);
const run =
  role === 'audience'
    ? audienceChild(JSON.parse(target!) as Target)
    : role === 'phones'
      ? phonesChild(JSON.parse(target!) as Target)
      : main().then((met) => process.exit(met ? 0 : 1));
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
