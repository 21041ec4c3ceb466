import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import {
  LIVE_NAMESPACES,
  liveRooms,
  type PublicQuestion,
  type StaffQuestion,
  type QuestionSubmission,
  type VoteCounts,
} from '@gather/contracts';
import { QnaLive } from '@gather/server/features/qna/live';
import { LivePublisher } from '@gather/server/platform/live/publisher';

/** Shared by the live benches (live-latency, qna-votes): sockets, child processes, figures, the bare server. */

/** Sockets opened at once while connecting. */
const CONNECT_BATCH = 50;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentiles(values: number[]): { p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN };
}

/**
 * A measuring child keeps every receipt until the end, so each young-generation collection copies all those made
 * since the last one. With V8's default for a large host (collections every few seconds) that copy paused the child
 * that times the calls for 30 to 66 ms in Gather's `sunday` runs, and every receipt in flight was timed that late.
 * A small young generation is collected often and copies little each time (its loop delay p99: 36 ms, then 23 to 28).
 */
const CHILD_YOUNG_GENERATION_MB = 4;

/** This bench file again, as a child playing `role` against `target` (passed as JSON). */
export function benchChild(file: string, role: string, target: unknown): ChildProcess {
  const flags = [`--max-semi-space-size=${CHILD_YOUNG_GENERATION_MB}`, '--import', 'tsx'];
  return spawn(process.execPath, [...flags, file, role, JSON.stringify(target)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The child's next message; its exit before answering is a failure. */
export function message(child: ChildProcess): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`bench child exited with ${code}`));
    child.once('message', (value) => {
      child.off('exit', onExit);
      resolve(value);
    });
    child.once('exit', onExit);
  });
}

/** Opens `count` sockets in batches, each joined to the session's room. */
export async function openSockets(
  target: { url: string; sessionId: string; headers: Record<string, string> },
  namespace: string,
  count: number,
): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, async () => {
      const socket = connect(target.url + namespace, {
        forceNew: true,
        transports: ['websocket'],
        extraHeaders: target.headers,
      });
      await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
      const joined = await socket.emitWithAck('qna:join', target.sessionId);
      if (!joined?.ok) throw new Error(`join refused: ${JSON.stringify(joined)}`);
      return socket;
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/**
 * A bare socket.io server answering Gather's public Q&A calls (submit, vote) by pushing what Gather
 * pushes, with Gather's own publisher and QnaLive straight onto the sockets: no database, no
 * Redis, no sign-in. The floor for this traffic on this machine. With `page`, it answers any GET of
 * a page (no /api/) with the HTML `page` draws.
 */
export async function startBareServer(
  log: Logger,
  page?: () => string,
): Promise<{ url: string; close(): Promise<void> }> {
  let nextId = 1;
  const votes = new Map<number, number>();
  const io = new Server({ serveClient: false });
  const live = new QnaLive(
    barePublisher(io, log),
    async (ids): Promise<VoteCounts> => ids.map((id) => ({ id, votes: votes.get(id) ?? 0 })),
    log,
  );
  const server = http.createServer((req, res) => {
    const submit = /^\/api\/qna\/public\/sessions\/([^/]+)\/submit\/$/.exec(req.url ?? '');
    const vote = /^\/api\/qna\/public\/sessions\/([^/]+)\/questions\/(\d+)\/vote\/$/.exec(req.url ?? '');
    if (page && req.method === 'GET' && !req.url?.startsWith('/api/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(page());
      return;
    }
    if (req.method !== 'POST' || !(submit || vote)) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const now = new Date().toISOString();
      if (vote) {
        const [, sessionId, questionId] = vote;
        const id = Number(questionId);
        const count = (votes.get(id) ?? 0) + 1;
        votes.set(id, count);
        live.questionVoted(sessionId!, id, count);
        const answer: PublicQuestion = {
          id,
          text: 'Bench question',
          category: 'general',
          name: 'Visitor',
          status: 'new',
          created_at: now,
          timestamp: now,
          votes: count,
          voted: true,
        };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        return;
      }
      const question: StaffQuestion = {
        ...(JSON.parse(Buffer.concat(chunks).toString()) as QuestionSubmission),
        id: nextId++,
        status: 'new',
        created_at: now,
        timestamp: now,
        votes: 0,
        flagged: false,
      };
      live.questionCreated(submit![1]!, question);
      const { flagged: _flagged, ...shown } = question;
      const answer: PublicQuestion = { ...shown, voted: false };
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  return serveBare(io, server);
}

/** Gather's own publisher, putting each event straight onto this server's sockets. */
export function barePublisher(io: Server, log: Logger): LivePublisher {
  return new LivePublisher(
    {
      deliver: async (event) =>
        void io.of(LIVE_NAMESPACES[event.namespace]).to(event.room).emit(event.event, event.payload),
    },
    log,
  );
}

/** A bare server's sockets join a session's room on either namespace without a check, and it listens on loopback. */
export async function serveBare(io: Server, server: http.Server): Promise<{ url: string; close(): Promise<void> }> {
  for (const namespace of Object.values(LIVE_NAMESPACES)) {
    io.of(namespace).on('connection', (socket) => {
      socket.on('qna:join', (sessionId: string, ack: (result: { ok: boolean }) => void) => {
        void socket.join(liveRooms.qna(sessionId));
        ack({ ok: true });
      });
    });
  }
  io.attach(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await io.close();
    },
  };
}

/** Every message of a child in order, whenever asked for: none is lost between one wait and the next. */
export function inbox(child: ChildProcess): () => Promise<unknown> {
  const waiting: unknown[] = [];
  const waiters: Array<{ resolve(value: unknown): void; reject(error: Error): void }> = [];
  let exited: Error | undefined;
  child.on('message', (value) => {
    const waiter = waiters.shift();
    if (waiter) waiter.resolve(value);
    else waiting.push(value);
  });
  // 'close' comes after the last message (the IPC channel closes with the process); 'exit' may come before it.
  child.once('close', (code) => {
    exited = new Error(`bench child exited with ${code}`);
    for (const waiter of waiters.splice(0)) waiter.reject(exited);
  });
  return () =>
    new Promise((resolve, reject) => {
      if (waiting.length) resolve(waiting.shift());
      else if (exited) reject(exited);
      else waiters.push({ resolve, reject });
    });
}
