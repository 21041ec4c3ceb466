import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import {
  LIVE_ERRORS,
  liveRooms,
  uuidId,
  type AudienceClientEvents,
  type AudienceServerEvents,
  type JoinAck,
  type StaffClientEvents,
  type StaffServerEvents,
} from '@gather/contracts';
import type { Logger } from 'pino';
import type { Namespace, Socket } from 'socket.io';
import { SESSION_COOKIE } from '../http/guards.js';

export type StaffNamespace = Namespace<StaffClientEvents, StaffServerEvents, Record<string, never>, StaffSocketData>;
export type AudienceNamespace = Namespace<AudienceClientEvents, AudienceServerEvents>;
type StaffSocket = Socket<StaffClientEvents, StaffServerEvents, Record<string, never>, StaffSocketData>;

/** The staff session a socket was let in with (its expiry in ms: socket data is kept in Redis as JSON for recovery). */
interface StaffSocketData {
  session: { id: string; expiresAt: number };
}

/** setTimeout's longest delay (about 24 days); a remembered session lasts 30. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** What decides whether a socket may join a room; the services' rules. */
export interface RoomRules {
  /** The staff session of the cookie's token, while it lasts. */
  staffSessionFor(sessionToken: string | undefined): Promise<{ id: string; expiresAt: Date } | undefined>;
  /** Staff follow a session while it exists (they still manage an inactive one); its audience only while it is active. */
  canFollowSession(sessionId: string, as: 'staff' | 'audience'): Promise<boolean>;
  /** Staff follow a collection while it exists, open to visitors or not; its slideshow only while it is open. */
  canFollowCollection(collectionId: string, as: 'staff' | 'audience'): Promise<boolean>;
}

/**
 * Staff sign in with the staff console's own session cookie; a socket without a live session is
 * refused before it connects. A browser page of another site is refused even when it would carry the
 * cookie: it could otherwise read everything pushed to staff.
 */
export function serveStaff(nsp: StaffNamespace, rules: RoomRules, publicUrl: string | undefined, log: Logger): void {
  nsp.use((socket, next) => {
    if (!fromOwnSite(socket.handshake.headers, publicUrl)) return next(new Error(LIVE_ERRORS.unauthorized));
    rules.staffSessionFor(sessionTokenOf(socket.request)).then(
      (session) => {
        if (!session) return next(new Error(LIVE_ERRORS.unauthorized));
        socket.data.session = { id: session.id, expiresAt: session.expiresAt.getTime() };
        next();
      },
      (error: unknown) => {
        log.warn({ err: error }, 'live sign-in check failed');
        next(new Error(LIVE_ERRORS.unavailable));
      },
    );
  });
  nsp.on('connection', (socket) => {
    closeWithSession(socket);
    socket.on('qna:join', (sessionId, ack) =>
      join(socket, sessionId, ack, (id) => rules.canFollowSession(id, 'staff'), liveRooms.qna, log),
    );
    socket.on('qna:leave', (sessionId) => void socket.leave(liveRooms.qna(String(sessionId))));
    socket.on('collection:join', (collectionId, ack) =>
      join(socket, collectionId, ack, (id) => rules.canFollowCollection(id, 'staff'), liveRooms.collection, log),
    );
    socket.on('collection:leave', (collectionId) => void socket.leave(liveRooms.collection(String(collectionId))));
    socket.on('jobs:join', (ack) => {
      void socket.join(liveRooms.jobs);
      if (typeof ack === 'function') ack({ ok: true });
    });
    socket.on('attention:join', (ack) => {
      void socket.join(liveRooms.attention);
      if (typeof ack === 'function') ack({ ok: true });
    });
  });
}

/**
 * A staff session ended (logout, a new password): its sockets in this process close. Every API
 * process hears of it (see SESSION_ENDED_CHANNEL), so this disconnects only its own.
 */
export function endStaffSession(nsp: StaffNamespace, sessionId: string): void {
  nsp.local.in(staffSessionRoom(sessionId)).disconnectSockets(true);
}

/** Closes this process's staff sockets whose session has ended, for when news of it may have been missed. */
export function recheckStaffSessions(nsp: StaffNamespace, rules: RoomRules, log: Logger): void {
  for (const socket of nsp.sockets.values()) {
    rules.staffSessionFor(sessionTokenOf(socket.request)).then(
      (session) => {
        if (!session) socket.disconnect(true);
      },
      (error: unknown) => log.warn({ err: error }, 'live sign-in recheck failed'),
    );
  }
}

/** A staff socket lasts no longer than its session: it follows the session's room and closes at its expiry. */
function closeWithSession(socket: StaffSocket): void {
  const { id, expiresAt } = socket.data.session;
  void socket.join(staffSessionRoom(id));
  let timer: NodeJS.Timeout | undefined;
  const closeAtExpiry = () => {
    const left = expiresAt - Date.now();
    if (left <= 0) return void socket.disconnect(true);
    timer = setTimeout(closeAtExpiry, Math.min(left, LONGEST_TIMER_MS));
  };
  closeAtExpiry();
  socket.on('disconnect', () => clearTimeout(timer));
}

/** Named after the session's token hash, never the token itself: a socket's rooms are kept in Redis for recovery. */
const staffSessionRoom = (sessionId: string) => `staff-session:${sessionId}`;

/**
 * Anyone with a session's link may follow it while it is active, and a collection's public uploads
 * (for its slideshow) while it is open to visitors; nothing else is served here.
 */
export function serveAudience(nsp: AudienceNamespace, rules: RoomRules, log: Logger): void {
  nsp.on('connection', (socket) => {
    socket.on('qna:join', (sessionId, ack) =>
      join(socket, sessionId, ack, (id) => rules.canFollowSession(id, 'audience'), liveRooms.qna, log),
    );
    socket.on('collection:join', (collectionId, ack) =>
      join(socket, collectionId, ack, (id) => rules.canFollowCollection(id, 'audience'), liveRooms.collection, log),
    );
  });
}

/** What a client sends is not trusted to match the event's types: a bad id or a missing ack is answered or ignored. */
async function join(
  socket: { join(room: string): Promise<void> | void },
  id: unknown,
  ack: unknown,
  allowed: (id: string) => Promise<boolean>,
  room: (id: string) => string,
  log: Logger,
): Promise<void> {
  const answer: JoinAck = typeof ack === 'function' ? (ack as JoinAck) : () => undefined;
  const parsed = uuidId.safeParse(id);
  if (!parsed.success) return answer({ ok: false, error: LIVE_ERRORS.notFound });
  try {
    if (!(await allowed(parsed.data))) return answer({ ok: false, error: LIVE_ERRORS.notFound });
  } catch (error) {
    log.warn({ err: error }, 'live join check failed');
    return answer({ ok: false, error: LIVE_ERRORS.unavailable });
  }
  await socket.join(room(parsed.data));
  answer({ ok: true });
}

/** Set by cookie-parser, which runs on every handshake request (see LiveServer). */
function sessionTokenOf(request: IncomingMessage): string | undefined {
  const token = (request as IncomingMessage & { cookies?: Record<string, unknown> }).cookies?.[SESSION_COOKIE];
  return typeof token === 'string' && token ? token : undefined;
}

/**
 * Browsers always name the page's origin on a WebSocket or cross-site request; it must be this site
 * (the host it was asked for, or PUBLIC_URL behind a proxy). Callers that are not browsers send none.
 */
function fromOwnSite(headers: IncomingHttpHeaders, publicUrl: string | undefined): boolean {
  if (!headers.origin) return true;
  try {
    const origin = new URL(headers.origin);
    return origin.host === headers.host || (publicUrl !== undefined && origin.origin === new URL(publicUrl).origin);
  } catch {
    return false;
  }
}
