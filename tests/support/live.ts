import {
  GATHERED_AUDIENCE_EVENTS,
  LIVE_NAMESPACES,
  type AudienceClientEvents,
  type AudienceMessages,
  type StaffClientEvents,
  type StaffServerEvents,
} from '@gather/contracts';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { TestApp } from './app.js';

export type StaffSocket = Socket<StaffServerEvents, StaffClientEvents>;
export type AudienceSocket = Socket<AudienceMessages, AudienceClientEvents>;

/** Every event a socket received, in order, with its payload (without the recovery offset). */
export interface Received {
  event: string;
  payload: unknown;
}

export interface LiveClient<S> {
  socket: S;
  received: Received[];
  /** The first received event of that name whose payload passes `match`, waiting for it if need be. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read payloads loosely and assert on them
  next(event: string, match?: (payload: any) => boolean, ms?: number): Promise<any>;
  close(): void;
}

type Options = Partial<ManagerOptions & SocketOptions>;

/** A real socket.io client, as a browser page would open it; resolves once connected, rejects with the refusal. */
export function connectLive<S extends StaffSocket | AudienceSocket>(
  app: Pick<TestApp, 'url'>,
  namespace: keyof typeof LIVE_NAMESPACES,
  options: Options = {},
): Promise<LiveClient<S>> {
  const socket = io(app.url + LIVE_NAMESPACES[namespace], {
    forceNew: true,
    transports: ['websocket'],
    reconnection: false,
    ...options,
  });
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  socket.onAny((event: string, payload: unknown) => {
    // A room's events that left together are one message, which a page handles as each event alone.
    if (event === GATHERED_AUDIENCE_EVENTS) {
      for (const [each, itsPayload] of payload as Array<[string, unknown]>)
        received.push({ event: each, payload: itsPayload });
    } else received.push({ event, payload });
    for (const wake of waiters) wake();
  });
  const client: LiveClient<S> = {
    socket: socket as unknown as S,
    received,
    next: (event, match = () => true, ms = 10_000) =>
      new Promise((resolve, reject) => {
        const look = () => {
          const found = received.find((entry) => entry.event === event && match(entry.payload));
          if (!found) return false;
          waiters.delete(look);
          clearTimeout(timer);
          resolve(found.payload);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no ${event} within ${ms} ms; received ${JSON.stringify(received.map((r) => r.event))}`));
        }, ms);
        waiters.add(look);
        look();
      }),
    close: () => void socket.disconnect(),
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}

/**
 * A socket in a Q&A session's room, as the question page (audience) or a moderator's screen or the projector
 * (staff, with the signed-in staff member's cookie) joins it; the join must be accepted.
 */
export async function inQnaRoom<S extends StaffSocket | AudienceSocket>(
  app: Pick<TestApp, 'url'>,
  namespace: keyof typeof LIVE_NAMESPACES,
  sessionId: string,
  staffCookie?: string,
): Promise<LiveClient<S>> {
  const options = staffCookie ? { extraHeaders: { cookie: staffCookie } } : {};
  const client = await connectLive<S>(app, namespace, options);
  const joined = await (client.socket as AudienceSocket).emitWithAck('qna:join', sessionId);
  if (!joined.ok) {
    client.close();
    throw new Error(`could not join the session's room: ${joined.error}`);
  }
  return client;
}
