import type http from 'node:http';
import { LIVE_NAMESPACES, liveRooms } from '@gather/contracts';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import cookieParser from 'cookie-parser';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { AppContext } from '../platform/context.js';
import { collectionRooms } from '../features/collections/live.js';
import { SESSION_ENDED_CHANNEL } from '../features/auth/repository.js';
import type { AuthService } from '../features/auth/service.js';
import { listen, type Listening } from '../platform/database/listen.js';
import { qnaRooms } from '../features/qna/live.js';
import { eventRooms } from '../features/registrations/live.js';
import { prayerStaffRoom, prayerWallRoom } from '../features/prayer/live.js';
import {
  endStaffSession,
  recheckStaffSessions,
  serveAudience,
  serveStaff,
  type AudienceNamespace,
  type StaffAndAudienceRoom,
  type StaffNamespace,
  type StaffRoom,
  type StaffSignIn,
} from '../platform/live/namespaces.js';
import { LivePublisher } from '../platform/live/publisher.js';
import { SocketSink } from '../platform/live/socket-sink.js';
import { LiveStreamRelay, liveStreamKey } from '../platform/live/stream.js';

/** A client cut off for less than this gets what it missed when it reconnects; after it, the page refetches. */
const RECOVERY_MS = 2 * 60_000;
/**
 * Broadcasts the adapter keeps, for other API processes and for recovery: more than RECOVERY_MS of
 * a very busy Q&A (50 questions a second to staff, and the audience's lists, is about 55 a second).
 */
const ADAPTER_STREAM_MAX_LEN = 20_000;
/**
 * Largest message a client may send before its connection is closed. Clients only join and leave rooms by id
 * (well under 1 KB); socket.io's own default of 1 MB would let anyone have the server parse a megabyte per message.
 */
const CLIENT_MESSAGE_MOST_BYTES = 16 * 1024;

/** Every room of /staff: who may follow what is each feature's rule, and the roles each room declares. */
export function staffRooms(
  qna: StaffAndAudienceRoom,
  collections: StaffAndAudienceRoom,
  events: StaffAndAudienceRoom,
): StaffRoom[] {
  return [
    qna.staff,
    collections.staff,
    events.staff,
    prayerStaffRoom,
    // Campaigns' sending and collections' zips report here.
    { join: 'jobs:join', room: liveRooms.jobs, roles: ['mail', 'live'] },
    // It only says "refetch": the counts themselves are each person's (GET /api/admin/attention/).
    { join: 'attention:join', room: liveRooms.attention, roles: 'any-staff' },
  ];
}

/**
 * socket.io on the API's HTTP server. Every API process shares rooms through the Redis Streams
 * adapter, so an event emitted by any of them reaches the sockets of all of them.
 */
export class LiveServer {
  /** Emits straight through the adapter; services of this process push with it. */
  readonly publisher: LivePublisher;
  private readonly io: Server;
  private readonly sink: SocketSink;
  private readonly adapterRedis: Redis;
  private relay?: LiveStreamRelay;
  private sessionEnds?: Listening;

  constructor(private readonly ctx: AppContext) {
    const prefix = `${ctx.config.QUEUE_PREFIX}:live`;
    this.adapterRedis = ctx.redis.duplicate();
    this.adapterRedis.on('error', () => undefined);
    // The adapter sends its heartbeats and other passing messages with PUBLISH and never awaits them: while Redis
    // is away one failing would be an unhandled rejection, which ends the API. A lost heartbeat only waits for the next.
    const publish = this.adapterRedis.publish.bind(this.adapterRedis) as (...args: unknown[]) => Promise<number>;
    this.adapterRedis.publish = ((...args: unknown[]) => publish(...args).catch(() => 0)) as Redis['publish'];
    this.io = new Server({
      serveClient: false,
      maxHttpBufferSize: CLIENT_MESSAGE_MOST_BYTES,
      adapter: createAdapter(this.adapterRedis, {
        streamName: `${prefix}:socket.io`,
        channelPrefix: `${prefix}:socket.io`,
        sessionKeyPrefix: `${prefix}:session:`,
        maxLen: ADAPTER_STREAM_MAX_LEN,
        onlyPlaintext: true,
      }),
      // Middlewares run again on recovery, so a signed-out moderator is not let back in.
      connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_MS, skipMiddlewares: false },
    });
    this.sink = new SocketSink(this.io, ctx.log);
    this.publisher = new LivePublisher(this.sink, ctx.log);
  }

  /** Live connections to this process, for /metrics. */
  socketCount(): number {
    return this.io.engine?.clientsCount ?? 0;
  }

  /** Serves the namespaces on the HTTP server, and relays the worker's events to them. */
  attach(server: http.Server, auth: AuthService): void {
    const { ctx } = this;
    // Watching live news is not using the console (it never holds off the idle sign-out), and a session
    // still to replace its one-time password or to set up a second factor follows nothing live.
    const signIn: StaffSignIn = async (token) => {
      const session = await auth.sessionFor(token, { use: false });
      if (!session || session.user.must_change_password || session.user.must_enrol) return undefined;
      return { id: session.id, expiresAt: session.expiresAt, roles: session.user.roles };
    };
    const qna = qnaRooms(ctx.db, ctx.pool);
    const collections = collectionRooms(ctx.db);
    const events = eventRooms(ctx.db);
    this.io.attach(server);
    // Staff sign-in reads the session cookie of the handshake request.
    this.io.engine.use(cookieParser());
    const staff = this.io.of(LIVE_NAMESPACES.staff) as StaffNamespace;
    serveStaff(staff, signIn, staffRooms(qna, collections, events), ctx.config.PUBLIC_URL, ctx.log);
    // Whichever process (or `npm run admin`) ends a session, the database tells every API process.
    this.sessionEnds = listen(
      ctx.pool,
      SESSION_ENDED_CHANNEL,
      {
        onNotification: (sessionId) => endStaffSession(staff, sessionId),
        onListening: () => recheckStaffSessions(staff, signIn, ctx.log),
      },
      ctx.log,
    );
    serveAudience(
      this.io.of(LIVE_NAMESPACES.audience) as AudienceNamespace,
      [qna.audience, collections.audience, events.audience, prayerWallRoom],
      ctx.log,
    );
    // A command cut off by a lost connection fails at once (no retries, no offline queue) instead of waiting
    // for a reconnection that a stop would cancel: ioredis would then never settle it.
    const reader = ctx.redis.duplicate({ enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    reader.on('error', () => undefined);
    this.relay = new LiveStreamRelay(
      ctx.redis,
      reader,
      liveStreamKey(ctx.config.QUEUE_PREFIX),
      (event) => this.sink.deliver(event),
      ctx.log,
    );
    this.relay.start();
  }

  /** Disconnects every socket; the HTTP server is closed by its owner. */
  async close(): Promise<void> {
    this.sink.close();
    this.sessionEnds?.stop();
    await this.relay?.stop();
    await this.io.close();
    this.adapterRedis.disconnect();
  }
}
