import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import {
  holdsRole,
  LIVE_ERRORS,
  NO_PERMISSION,
  uuidId,
  type AudienceClientEvents,
  type AudienceMessages,
  type JoinAck,
  type StaffClientEvents,
  type StaffRole,
  type StaffServerEvents,
} from '@gather/contracts';
import type { Logger } from 'pino';
import type { Namespace, Socket } from 'socket.io';
import { SESSION_COOKIE } from '../http/guards.js';

export type StaffNamespace = Namespace<StaffClientEvents, StaffServerEvents, Record<string, never>, StaffSocketData>;
export type AudienceNamespace = Namespace<AudienceClientEvents, AudienceMessages>;
type StaffSocket = Socket<StaffClientEvents, StaffServerEvents, Record<string, never>, StaffSocketData>;

/** The staff session a socket was let in with (its expiry in ms: socket data is kept in Redis as JSON for recovery). */
interface StaffSocketData {
  session: { id: string; expiresAt: number; roles: StaffRole[] };
}

/** setTimeout's longest delay (about 24 days); a remembered session lasts 30. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** The staff session of a sign-in cookie's token, while it lasts; given by the composition (auth). */
export type StaffSignIn = (
  sessionToken: string | undefined,
) => Promise<{ id: string; expiresAt: Date; roles: StaffRole[] } | undefined>;

/** The names of a namespace's client events that send `Args`, of the form `*:<action>`. */
type ClientEvent<Events, Action extends string, Args extends unknown[]> = {
  [Event in keyof Events & `${string}:${Action}`]: Events[Event] extends (...args: Args) => void ? Event : never;
}[keyof Events & `${string}:${Action}`];

/**
 * A room a socket of one namespace may join, as the composition declares it: one per thing that is followed
 * by id (a session, a collection), with the check of who may; or one room that any socket let into the
 * namespace joins (staff's jobs and attention rooms). The event names are the namespace's client events.
 */
export type LiveRoom<Events> =
  | {
      /** Asks to follow one, with its id and an ack. */
      join: ClientEvent<Events, 'join', [id: string, ack: JoinAck]>;
      /** Stops following one, if the namespace offers it. */
      leave?: ClientEvent<Events, 'leave', [id: string]>;
      /** The room of that id, as its feature publishes to it. */
      room: (id: string) => string;
      /** Whether a socket of this namespace may follow it now; the id is a valid uuid (or matches `ids`). */
      allowed: (id: string) => Promise<boolean>;
      /** What an id looks like when it is not a uuid (an event's number). */
      ids?: RegExp;
    }
  | { join: ClientEvent<Events, 'join', [ack: JoinAck]>; room: string };

/** Something both namespaces follow by id (a session, a collection): its room in each, with who may. */
export interface StaffAndAudienceRoom {
  staff: StaffRoom;
  audience: LiveRoom<AudienceClientEvents>;
}

/**
 * A room of the staff namespace, with the roles that may follow it as its endpoints declare theirs: a staff
 * member holding none of them is refused the join (and so hears none of its events).
 */
export type StaffRoom = LiveRoom<StaffClientEvents> & { roles: readonly StaffRole[] | 'any-staff' };

/**
 * Staff sign in with the staff console's own session cookie; a socket without a live session is
 * refused before it connects. A browser page of another site is refused even when it would carry the
 * cookie: it could otherwise read everything pushed to staff.
 */
export function serveStaff(
  nsp: StaffNamespace,
  signIn: StaffSignIn,
  rooms: StaffRoom[],
  publicUrl: string | undefined,
  log: Logger,
): void {
  nsp.use((socket, next) => {
    if (!fromOwnSite(socket.handshake.headers, publicUrl)) return next(new Error(LIVE_ERRORS.unauthorized));
    signIn(sessionTokenOf(socket.request)).then(
      (session) => {
        if (!session) return next(new Error(LIVE_ERRORS.unauthorized));
        socket.data.session = { id: session.id, expiresAt: session.expiresAt.getTime(), roles: session.roles };
        next();
      },
      (error: unknown) => {
        log.warn({ err: error }, 'live sign-in check failed');
        next(new Error(LIVE_ERRORS.unavailable));
      },
    );
  });
  nsp.on('connection', (socket) => {
    closeWithSession(socket, signIn, log);
    const { roles } = socket.data.session;
    serveRooms<StaffClientEvents, StaffRoom>(
      socket,
      rooms,
      log,
      (room) => room.roles === 'any-staff' || holdsRole(roles, room.roles),
    );
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
export function recheckStaffSessions(nsp: StaffNamespace, signIn: StaffSignIn, log: Logger): void {
  for (const socket of nsp.sockets.values()) {
    signIn(sessionTokenOf(socket.request)).then(
      (session) => {
        if (!session) socket.disconnect(true);
      },
      (error: unknown) => log.warn({ err: error }, 'live sign-in recheck failed'),
    );
  }
}

/**
 * A staff socket lasts no longer than its session: it follows the session's room and closes at its end,
 * the absolute one or the idle one, whichever comes first.
 */
function closeWithSession(socket: StaffSocket, signIn: StaffSignIn, log: Logger): void {
  void socket.join(staffSessionRoom(socket.data.session.id));
  let timer: NodeJS.Timeout | undefined;
  const closeAtExpiry = () => {
    if (socket.disconnected) return;
    const left = socket.data.session.expiresAt - Date.now();
    if (left > 0) return void (timer = setTimeout(closeAtExpiry, Math.min(left, LONGEST_TIMER_MS)));
    // An idle session's end moves on whenever the console is used: ask again before closing.
    signIn(sessionTokenOf(socket.request)).then(
      (session) => {
        if (!session || session.expiresAt.getTime() <= Date.now()) return void socket.disconnect(true);
        socket.data.session.expiresAt = session.expiresAt.getTime();
        closeAtExpiry();
      },
      (error: unknown) => {
        log.warn({ err: error }, 'live sign-in recheck failed');
        socket.disconnect(true);
      },
    );
  };
  closeAtExpiry();
  socket.on('disconnect', () => clearTimeout(timer));
}

/** Named after the session's token hash, never the token itself: a socket's rooms are kept in Redis for recovery. */
const staffSessionRoom = (sessionId: string) => `staff-session:${sessionId}`;

/** Anyone may connect; what they may follow is for `rooms` to say. */
export function serveAudience(nsp: AudienceNamespace, rooms: Array<LiveRoom<AudienceClientEvents>>, log: Logger): void {
  nsp.on('connection', (socket) =>
    serveRooms<AudienceClientEvents, LiveRoom<AudienceClientEvents>>(socket, rooms, log, () => true),
  );
}

/** The socket's join (and leave) events for each room; a room the socket may not follow answers every join no. */
function serveRooms<Events, Room extends LiveRoom<Events>>(
  socket: RoomSocket,
  rooms: Room[],
  log: Logger,
  mayFollow: (room: Room) => boolean,
): void {
  for (const declared of rooms) {
    if (!mayFollow(declared)) {
      socket.on(declared.join, (...args: unknown[]) => {
        const ack = args.at(-1);
        if (typeof ack === 'function') ack({ ok: false, error: NO_PERMISSION });
      });
      continue;
    }
    if (!('allowed' in declared)) {
      const { room } = declared;
      socket.on(declared.join, (ack: unknown) => {
        void socket.join(room);
        if (typeof ack === 'function') ack({ ok: true });
      });
      continue;
    }
    const { room, allowed, leave } = declared;
    const idOf = roomId(declared.ids);
    socket.on(declared.join, (id: unknown, ack: unknown) => join(socket, idOf(id), ack, allowed, room, log));
    if (!leave) continue;
    // Only an id names a room to leave; anything else (an object whose own toString throws) is ignored.
    socket.on(leave, (id: unknown) => {
      const parsed = idOf(id);
      if (parsed !== undefined) void socket.leave(room(parsed));
    });
  }
}

/** A room's id from what a client sent: a uuid, or text matching the room's own pattern; else undefined. */
function roomId(ids: RegExp | undefined): (id: unknown) => string | undefined {
  return (id) => {
    if (ids) return typeof id === 'string' && ids.test(id) ? id : undefined;
    const parsed = uuidId.safeParse(id);
    return parsed.success ? parsed.data : undefined;
  };
}

/** What serveRooms needs of a socket of either namespace; the events' types are the rooms' to keep. */
interface RoomSocket {
  on(event: string, listener: (...args: never[]) => unknown): unknown;
  join(room: string): Promise<void> | void;
  leave(room: string): Promise<void> | void;
}

/** What a client sends is not trusted to match the event's types: a bad id or a missing ack is answered or ignored. */
async function join(
  socket: { join(room: string): Promise<void> | void },
  id: string | undefined,
  ack: unknown,
  allowed: (id: string) => Promise<boolean>,
  room: (id: string) => string,
  log: Logger,
): Promise<void> {
  const answer: JoinAck = typeof ack === 'function' ? (ack as JoinAck) : () => undefined;
  if (id === undefined) return answer({ ok: false, error: LIVE_ERRORS.notFound });
  try {
    if (!(await allowed(id))) return answer({ ok: false, error: LIVE_ERRORS.notFound });
  } catch (error) {
    log.warn({ err: error }, 'live join check failed');
    return answer({ ok: false, error: LIVE_ERRORS.unavailable });
  }
  await socket.join(room(id));
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
