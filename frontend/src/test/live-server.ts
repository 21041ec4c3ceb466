import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  LIVE_ERRORS,
  LIVE_NAMESPACES,
  liveRooms,
  type AudienceClientEvents,
  type AudienceMessages,
  type JoinAck,
  type StaffClientEvents,
  type StaffServerEvents,
} from '@gather/contracts';
import { Server, type Namespace } from 'socket.io';
import { createLiveConnections } from '../lib/live/connections';

/**
 * A real socket.io server speaking the contracts' events, as the API does: rooms are joined when
 * the id is not refused, `drop()` cuts every connection the way a network failure would, and
 * `signIn.refusing` makes the staff namespace refuse connections until it is set back.
 */
export async function startLiveServer({ recovery = false } = {}) {
  const http = createServer();
  const io = new Server(http, {
    cors: { origin: true, credentials: true },
    ...(recovery ? { connectionStateRecovery: { maxDisconnectionDuration: 60_000 } } : {}),
  });
  const refused = new Map<string, string>();
  const joins: string[] = [];
  /** Joins of a room to let pass without an answer, as a busy or restarting server may. */
  const unanswered = new Map<string, number>();
  const join = (socket: { join(room: string): unknown }, id: string, room: string, ack: JoinAck) => {
    const ignore = unanswered.get(room) ?? 0;
    if (ignore > 0) return void unanswered.set(room, ignore - 1);
    const refusal = refused.get(id);
    if (refusal) return ack({ ok: false, error: refusal });
    joins.push(room);
    void socket.join(room);
    ack({ ok: true });
  };

  const staff: Namespace<StaffClientEvents, StaffServerEvents> = io.of(LIVE_NAMESPACES.staff);
  const signIn = { refusing: false, refusals: 0 };
  // As the API refuses a staff socket whose sign-in is gone (or could not be checked).
  staff.use((_socket, next) => {
    if (!signIn.refusing) return next();
    signIn.refusals += 1;
    next(new Error(LIVE_ERRORS.unauthorized));
  });
  staff.on('connection', (socket) => {
    socket.on('qna:join', (id, ack) => join(socket, id, liveRooms.qna(id), ack));
    socket.on('qna:leave', (id) => void socket.leave(liveRooms.qna(id)));
    socket.on('collection:join', (id, ack) => join(socket, id, liveRooms.collection(id), ack));
    socket.on('collection:leave', (id) => void socket.leave(liveRooms.collection(id)));
    socket.on('jobs:join', (ack) => join(socket, 'jobs', liveRooms.jobs, ack));
  });
  const audience: Namespace<AudienceClientEvents, AudienceMessages> = io.of(LIVE_NAMESPACES.audience);
  audience.on('connection', (socket) => {
    socket.on('qna:join', (id, ack) => join(socket, id, liveRooms.qna(id), ack));
    socket.on('collection:join', (id, ack) => join(socket, id, liveRooms.collection(id), ack));
  });

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  // Quick reconnection keeps the tests short; the app's own delays are in LiveConnection.
  const connections = createLiveConnections({ url, socket: { reconnectionDelay: 50, reconnectionDelayMax: 200 } });

  return {
    staff,
    audience,
    connections,
    /** Room names joined so far, in order, rejoins included. */
    joins,
    signIn,
    refuse: (id: string, error: string) => refused.set(id, error),
    leaveUnanswered: (room: string, joins: number) => unanswered.set(room, joins),
    /** Sockets of a namespace currently in a room. */
    inRoom: async (namespace: Namespace, room: string) => (await namespace.in(room).fetchSockets()).length,
    drop() {
      for (const namespace of [staff, audience]) for (const socket of namespace.sockets.values()) socket.conn.close();
    },
    /** Closes every staff socket from the server, as the API does when a staff session ends. */
    endStaffSessions() {
      for (const socket of staff.sockets.values()) socket.disconnect(true);
    },
    async close() {
      connections.close();
      await io.close();
    },
  };
}
export type LiveServer = Awaited<ReturnType<typeof startLiveServer>>;
