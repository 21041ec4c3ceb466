import http from 'node:http';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { AUDIENCE_BATCH_MS, POLL_RESULTS_BATCH_MS, type PollType, type StaffPollResults } from '@gather/contracts';
import { PollLive } from '@gather/server/features/polls/live';
import { ResultsTally } from '@gather/server/features/polls/results-tally';
import { barePublisher, serveBare } from './live.js';

/** A poll as the bare server keeps it, in memory. */
interface BarePoll {
  type: PollType;
  options: number;
  total: number;
  counts: number[];
  words: Map<string, number>;
}

/**
 * A bare socket.io server answering Gather's poll answer call by pushing what Gather pushes, with Gather's own
 * publisher, PollLive and ResultsTally straight onto the sockets: no database, no Redis, no sign-in, no checks.
 * A poll's id is its session's id here. `POST /bare/polls/{id}/` with `{type, options}` prepares one.
 */
export async function startBarePollServer(log: Logger): Promise<{ url: string; close(): Promise<void> }> {
  const polls = new Map<string, BarePoll>();
  const io = new Server({ serveClient: false });
  const live = new PollLive(barePublisher(io, log));
  const resultsOf = (id: string, poll: BarePoll): StaffPollResults => ({
    poll_id: id,
    type: poll.type,
    total: poll.total,
    counts: poll.counts,
    average: null,
    words: [...poll.words]
      .map(([word, count]) => ({ word, count }))
      .sort((a, b) => b.count - a.count)
      .slice(0, 100),
    answers: [],
    shown_answer_id: null,
  });
  // Gathered as Gather gathers them: often for the projector, like vote counts for the (revealed) phones.
  const staffTally = new ResultsTally(
    POLL_RESULTS_BATCH_MS,
    async (id) => live.staffResults(id, resultsOf(id, polls.get(id)!)),
    log,
  );
  const audienceTally = new ResultsTally(
    AUDIENCE_BATCH_MS,
    async (id) => {
      const { answers: _answers, shown_answer_id: _shown, ...shared } = resultsOf(id, polls.get(id)!);
      live.audienceResults(id, shared);
    },
    log,
  );
  const server = http.createServer((req, res) => {
    const prepare = /^\/bare\/polls\/([^/]+)\/$/.exec(req.url ?? '');
    const answer = /^\/api\/qna\/public\/polls\/([^/]+)\/answer\/$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !(prepare || answer)) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
      if (prepare) {
        const options = Number(body.options ?? 0);
        polls.set(prepare[1]!, {
          type: body.type as PollType,
          options,
          total: 0,
          counts: Array<number>(options).fill(0),
          words: new Map(),
        });
        res.writeHead(204).end();
        return;
      }
      const id = answer![1]!;
      const poll = polls.get(id);
      if (!poll) {
        res.writeHead(404).end();
        return;
      }
      const choices = (body.choices as number[] | undefined) ?? [];
      const text = typeof body.text === 'string' ? body.text.toLowerCase() : '';
      poll.total += 1;
      for (const position of choices) poll.counts[position] = (poll.counts[position] ?? 0) + 1;
      for (const word of new Set(text.split(/\s+/).filter(Boolean)))
        poll.words.set(word, (poll.words.get(word) ?? 0) + 1);
      staffTally.changed(id);
      audienceTally.changed(id);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ poll_id: id, my_answer: { choices, text } }));
    });
  });
  return serveBare(io, server);
}
