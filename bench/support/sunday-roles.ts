import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { pino } from 'pino';
import { LIVE_NAMESPACES } from '@gather/contracts';
import { openCountingAudience } from './light-audience.js';
import { openSockets, startBareServer } from './live.js';
import { allShown, castVotesAndQuestions, prepareVoting, recordCounts, voteLatencies } from './qna-load.js';
import { measureOwnLoad, settledMemory, UsageMeter, type OwnLoad } from './usage.js';

/**
 * The child processes of the sunday bench (bench/sunday.ts), each started as `sunday.ts <role> <target>`: the
 * audience, the staff screens with the congregation's calls, the phones opening the question page, and the bare
 * server. Each answers its parent over IPC.
 */

export interface SundayTarget {
  url: string;
  sessionId: string;
  /** The staff session cookie and origin (Gather), or nothing (bare). */
  headers: Record<string, string>;
  /** Whether the server issues device cookies (Gather) or ignores them (bare). */
  devices: boolean;
  /** Sockets this child opens (audience), or staff screens (moderators and the projector). */
  sockets: number;
  /** The congregation's load. */
  load: { votesPerSecond: number; questionsPerSecond: number; seconds: number; seedQuestions: number; devices: number };
  /** Phones opening the question page, spread evenly over the load's seconds. */
  phones: number;
  drainMs: number;
}

export interface AudienceCount {
  questionLists: number;
  voteLists: number;
  /** Sockets that were cut off at any time while held. */
  disconnects: number;
}

export interface StaffMeasured {
  /** Each submit call to each staff screen's receipt of the question. */
  questionLatencies: number[];
  /** Each vote call to each staff screen's first sight of a count at least the call's answer. */
  voteLatencies: number[];
  voteAnswers: number[];
  submitAnswers: number[];
  failedVotes: number;
  failedSubmits: number;
  voteFailures: Record<string, number>;
  missingVotes: number;
  missingQuestions: number;
  disconnects: number;
  seconds: number;
  /** This child's own load while it called (see OwnLoad). */
  self: OwnLoad;
}

export interface PhonesMeasured {
  /** Each GET of the question page to its last byte. */
  latencies: number[];
  failed: number;
  /** Pages whose root element came empty (drawn in the browser, not on the server). */
  undrawn: number;
  /** Bytes of the median page, as sent. */
  bytes: number;
  self: OwnLoad;
}

/** The page's root as the template leaves it: a page holding it was not drawn on the server. */
const UNDRAWN_ROOT = Buffer.from('<div id="root"></div>');

const nextMessage = () => new Promise<unknown>((resolve) => process.once('message', resolve));

/** Holds its share of the audience sockets; sends what they were sent (and how many were cut off) when asked. */
export async function audienceRole(target: SundayTarget): Promise<void> {
  const { counts } = await openCountingAudience(target, target.sockets, ['questions:created', 'questions:votes']);
  process.send!('ready');
  await nextMessage();
  // The last gathered lists leave up to AUDIENCE_BATCH_MS after the last call.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const count: AudienceCount = {
    questionLists: counts.events['questions:created']!,
    voteLists: counts.events['questions:votes']!,
    disconnects: counts.disconnects,
  };
  process.send!(count, () => process.exit(0));
}

/**
 * The staff screens (moderators and the projector: the presentation view follows the session on /staff as the
 * moderator page does), and the congregation's votes and questions, timed on the same clock.
 */
export async function staffRole(target: SundayTarget): Promise<void> {
  const screens = await openSockets(target, LIVE_NAMESPACES.staff, target.sockets);
  let disconnects = 0;
  const asked = new Map<string, number>();
  const questionLatencies: number[] = [];
  for (const socket of screens) {
    socket.on('disconnect', () => void (disconnects += 1));
    socket.on('question:created', (question: { text: string }) => {
      const sent = asked.get(question.text);
      if (sent !== undefined) questionLatencies.push(performance.now() - sent);
    });
  }
  const counts = screens.map((socket) => recordCounts(socket));
  const { load } = target;
  const { questionIds, devices } = await prepareVoting(target, load.seedQuestions, load.devices, target.devices);
  process.send!('start');
  const ownLoad = measureOwnLoad();
  const done = await castVotesAndQuestions({
    base: `${target.url}/api/qna/public/sessions/${target.sessionId}`,
    votesPerSecond: load.votesPerSecond,
    questionsPerSecond: load.questionsPerSecond,
    seconds: load.seconds,
    questionIds,
    devices,
    asking: (text, sent) => asked.set(text, sent),
  });
  const self = ownLoad();
  process.send!('end');
  const deadline = Date.now() + target.drainMs;
  const drained = () => allShown(counts, done.votes) && questionLatencies.length >= asked.size * screens.length;
  while (!drained() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const votes = voteLatencies(counts, done.votes);
  const measured: StaffMeasured = {
    questionLatencies,
    voteLatencies: votes.latencies,
    voteAnswers: done.answers,
    submitAnswers: done.submitAnswers,
    failedVotes: done.failedVotes,
    failedSubmits: done.failedSubmits,
    voteFailures: done.voteFailures,
    missingVotes: votes.missing,
    missingQuestions: asked.size * screens.length - questionLatencies.length,
    disconnects,
    seconds: done.seconds,
    self,
  };
  process.send!(measured, () => process.exit(0));
}

/**
 * Phones opening the question page at a steady rate once told to, each on a new connection (a phone has none
 * open to the site yet) and taking gzip, as browsers do; each timed to its last byte.
 */
export async function phonesRole(target: SundayTarget): Promise<void> {
  const page = `${target.url}/qna/submit/${target.sessionId}`;
  const measured: PhonesMeasured = {
    latencies: [],
    failed: 0,
    undrawn: 0,
    bytes: 0,
    self: { cpu: 0, seconds: 0, loopP99: 0 },
  };
  const sizes: number[] = [];
  const open = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      http
        .get(page, { agent: false, headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            measured.latencies.push(performance.now() - sent);
            const body = Buffer.concat(chunks);
            sizes.push(body.length);
            // Searched as bytes: turning each page into text was the largest part of this child's CPU in a
            // profile, and it runs on the cores of the server it measures (0.20 to 0.26 s/s, then 0.15 to 0.16).
            const html = res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
            if (res.statusCode !== 200) measured.failed += 1;
            else if (html.includes(UNDRAWN_ROOT)) measured.undrawn += 1;
            resolve();
          });
        })
        .on('error', () => {
          measured.failed += 1;
          resolve();
        });
    });
  process.send!('ready');
  await nextMessage();
  const ownLoad = measureOwnLoad();
  const started = performance.now();
  const interval = (target.load.seconds * 1000) / target.phones;
  const calls: Array<Promise<void>> = [];
  for (let index = 0; index < target.phones; index += 1) {
    const wait = started + index * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(open());
  }
  await Promise.all(calls);
  measured.self = ownLoad();
  sizes.sort((a, b) => a - b);
  measured.bytes = sizes[Math.floor(sizes.length / 2)] ?? 0;
  process.send!(measured, () => process.exit(0));
}

/** A request to the bare server's process about its own usage (see UsageMeter). */
export type MeterRequest = 'settled' | 'start' | 'stop';

/**
 * The bare baseline in a process of its own (its memory and CPU are its own, as the API's are the bench
 * process's): the bare socket.io server of live.ts, answering pages with the bare React page drawn on the server.
 */
export async function bareRole(): Promise<void> {
  // Gather's renderer bundles React's production build; so must the bare page's.
  process.env.NODE_ENV = 'production';
  const { drawBarePage } = await import('../bare-react/server.js');
  const server = await startBareServer(pino({ level: 'warn' }), drawBarePage);
  const meter = new UsageMeter();
  process.on('message', (request: MeterRequest) => {
    if (request === 'settled') void settledMemory().then((settled) => process.send!(settled));
    else if (request === 'stop') process.send!(meter.stop());
    else {
      meter.start();
      process.send!('started');
    }
  });
  process.send!(server.url);
}
