import http from 'node:http';

/** Shared by the Q&A benches (qna-votes, sunday): a visitor's calls, the devices that vote, and matching counts shown to votes. */

/** A call's answer: its status and its body as text. */
export interface Answered {
  status: number;
  text: string;
}

/**
 * The phones' calls reach the API as they do in production, over its proxy's kept-alive connections, at most
 * PROXY_CONNECTIONS of them (a call waits for a free one, and that wait counts in its time). Node's http client, not
 * fetch: fetch costs the calling child over twice the CPU per call, and on a two-core machine that CPU is taken
 * from the server being measured.
 */
const PROXY_CONNECTIONS = 64;
const proxy = new http.Agent({ keepAlive: true, maxSockets: PROXY_CONNECTIONS });

export function post(url: string, body: unknown, cookie?: string, address?: string): Promise<Answered> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (cookie) headers.cookie = cookie;
  // The API trusts its loopback proxy's X-Forwarded-For (TRUST_PROXY): each phone calls from its own address.
  if (address) headers['x-forwarded-for'] = address;
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent: proxy, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => void (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/**
 * The address of the n-th phone, in the range kept for benchmarks (198.18.0.0/15): every call here comes from
 * 127.0.0.1, and Gather's shares per address (AUDIENCE_SHARES) would refuse a whole congregation on one address
 * past 50 votes a question and 20 questions a session.
 */
export function phoneAddress(index: number): string {
  return `198.18.${Math.floor(index / 256) % 256}.${index % 256}`;
}

/**
 * `seedQuestions` questions asked before the load, to vote on, and one signed device cookie per device, as
 * Gather issues on its public Q&A calls (none when `withCookies` is false: the bare server ignores them).
 */
export async function prepareVoting(
  target: { url: string; sessionId: string },
  seedQuestions: number,
  devices: number,
  withCookies: boolean,
): Promise<{ questionIds: number[]; devices: Array<string | undefined> }> {
  const base = `${target.url}/api/qna/public/sessions/${target.sessionId}`;
  const questionIds: number[] = [];
  for (let index = 0; index < seedQuestions; index += 1) {
    const answer = await post(`${base}/submit/`, { text: `Vote on me ${index}`, name: 'Visitor', category: 'general' });
    if (answer.status !== 201) throw new Error(`seed question refused: ${answer.status}`);
    questionIds.push((JSON.parse(answer.text) as { id: number }).id);
  }
  const cookies: Array<string | undefined> = Array.from({ length: devices }, () => undefined);
  if (withCookies) {
    for (let start = 0; start < devices; start += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, devices - start) }, async (_, offset) => {
          const answer = await fetch(`${base}/questions/`);
          await answer.arrayBuffer();
          const line = answer.headers.getSetCookie().find((value) => value.startsWith('gather_device='));
          if (!line) throw new Error(`no device cookie: ${answer.status}`);
          cookies[start + offset] = line.split(';')[0]!;
        }),
      );
    }
  }
  return { questionIds, devices: cookies };
}

/** One vote call answered: when it was sent and the count it answered with. */
export interface CastVote {
  question: number;
  sent: number;
  votes: number;
}

/** Per question, the counts one moderator's screen was shown, in the order they arrived, with when. */
export type ShownCounts = Map<number, Array<{ votes: number; at: number }>>;

/** Records each count a moderator's socket receives (`questions:votes`). */
export function recordCounts(socket: {
  on(event: 'questions:votes', listener: (event: { votes: Array<{ id: number; votes: number }> }) => void): unknown;
}): ShownCounts {
  const shown: ShownCounts = new Map();
  socket.on('questions:votes', (event) => {
    const at = performance.now();
    for (const { id, votes } of event.votes) {
      const list = shown.get(id) ?? [];
      list.push({ votes, at });
      shown.set(id, list);
    }
  });
  return shown;
}

/** Whether every screen has been shown each question's highest count a vote call answered. */
export function allShown(screens: ShownCounts[], votes: CastVote[]): boolean {
  const answered = new Map<number, number>();
  for (const vote of votes) answered.set(vote.question, Math.max(answered.get(vote.question) ?? 0, vote.votes));
  return screens.every((screen) =>
    [...answered].every(([question, count]) =>
      (screen.get(question) ?? []).some(({ votes: shownCount }) => shownCount >= count),
    ),
  );
}

/**
 * Each vote call to each moderator's first sight of a count at least the call's answer (the screen shows a vote's
 * count from the first receipt of that count or a higher one), and the (vote, moderator) pairs never shown it.
 */
export function voteLatencies(screens: ShownCounts[], votes: CastVote[]): { latencies: number[]; missing: number } {
  const latencies: number[] = [];
  let missing = 0;
  for (const byQuestion of screens) {
    // The highest count shown so far, at each receipt.
    const highest = new Map<number, number[]>();
    for (const [question, list] of byQuestion) {
      let top = -Infinity;
      highest.set(
        question,
        list.map(({ votes: count }) => (top = Math.max(top, count))),
      );
    }
    for (const vote of votes) {
      const list = byQuestion.get(vote.question) ?? [];
      const tops = highest.get(vote.question) ?? [];
      let low = 0;
      let high = tops.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (tops[middle]! >= vote.votes) high = middle;
        else low = middle + 1;
      }
      if (low < list.length) latencies.push(list[low]!.at - vote.sent);
      else missing += 1;
    }
  }
  return { latencies, missing };
}

export interface VotingLoad {
  /** The session's public calls, `${url}/api/qna/public/sessions/${id}`. */
  base: string;
  votesPerSecond: number;
  questionsPerSecond: number;
  seconds: number;
  questionIds: number[];
  devices: Array<string | undefined>;
  /** A new question's text is about to be sent (for timing its arrival). */
  asking?(text: string, sent: number): void;
}

export interface VotingDone {
  votes: CastVote[];
  /** Each vote call's time to its answer. */
  answers: number[];
  /** Each submit call's time to its answer. */
  submitAnswers: number[];
  failedVotes: number;
  failedSubmits: number;
  /** How the failed votes were answered: the status, or the error of a refused call or of a body that was not JSON. */
  voteFailures: Record<string, number>;
  seconds: number;
}

/**
 * Votes and asks at a steady rate without waiting for answers, as a congregation would: each device votes once
 * per question (its k-th vote goes to a different seed question), a new question every so many votes.
 */
export async function castVotesAndQuestions(load: VotingLoad): Promise<VotingDone> {
  const done: VotingDone = {
    votes: [],
    answers: [],
    submitAnswers: [],
    failedVotes: 0,
    failedSubmits: 0,
    voteFailures: {},
    seconds: 0,
  };
  const failed = (why: string) => {
    done.failedVotes += 1;
    done.voteFailures[why] = (done.voteFailures[why] ?? 0) + 1;
  };
  const calls: Array<Promise<void>> = [];
  const started = performance.now();
  const total = load.votesPerSecond * load.seconds;
  const votesPerQuestion = load.votesPerSecond / load.questionsPerSecond;
  const devices = load.devices.length;
  const seeds = load.questionIds.length;
  for (let index = 0; index < total; index += 1) {
    const wait = started + (index * 1000) / load.votesPerSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (index % votesPerQuestion === 0) {
      const text = `Bench question ${index / votesPerQuestion}`;
      const sent = performance.now();
      load.asking?.(text, sent);
      calls.push(
        post(
          `${load.base}/submit/`,
          { text, name: 'Visitor', category: 'general' },
          undefined,
          phoneAddress(index / votesPerQuestion),
        ).then(
          (answer) => {
            done.submitAnswers.push(performance.now() - sent);
            if (answer.status !== 201) done.failedSubmits += 1;
          },
          () => void (done.failedSubmits += 1),
        ),
      );
    }
    const device = index % devices;
    const question = load.questionIds[(device + Math.floor(index / devices)) % seeds]!;
    const sent = performance.now();
    calls.push(
      post(`${load.base}/questions/${question}/vote/`, {}, load.devices[device], phoneAddress(device))
        .then((answer) => {
          const body = JSON.parse(answer.text) as { votes?: number };
          done.answers.push(performance.now() - sent);
          if (answer.status !== 200 || typeof body.votes !== 'number') failed(String(answer.status));
          else done.votes.push({ question, sent, votes: body.votes });
        })
        // A refused call, or an answer that is not the count (cut short, not JSON), is a failed vote.
        .catch((error: Error & { code?: string }) => failed(error.code ?? error.name)),
    );
  }
  await Promise.all(calls);
  done.seconds = (performance.now() - started) / 1000;
  return done;
}
