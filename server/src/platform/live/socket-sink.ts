import { setImmediate as nextTurn } from 'node:timers/promises';
import { LIVE_NAMESPACES } from '@gather/contracts';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { LiveEvent, LiveSink } from './events.js';

/**
 * Audience sockets written to in one turn of the event loop. A list to a whole congregation is a
 * write to each of its phones; in slices, a visitor's submit and the moderators' push that arrive
 * meanwhile wait for one slice, not for a thousand phones.
 */
const AUDIENCE_SLICE = 50;
/** How an API process hands an audience event to the others, each of which writes to its own sockets. */
const AUDIENCE_HANDOVER = 'audience:deliver';
/** Events after which a room is closed: a Q&A session ended, a collection no longer open. */
const CLOSING_EVENTS = new Set<string>(['session:ended', 'collection:closed']);

type AudienceEvent = Extract<LiveEvent, { namespace: 'audience' }>;

/**
 * Puts events on the sockets of every API process. Staff events go through the adapter (kept for
 * connection state recovery); audience events are handed to the other processes once, and each
 * process writes them to its own sockets in slices, in order. The audience page refetches after any
 * reconnection instead of recovering.
 */
export class SocketSink implements LiveSink {
  /** Audience events of this process, written one after the other so that each phone gets them in order. */
  private audienceWriting: Promise<void> = Promise.resolve();
  /**
   * Set once the live server closes. A change committed after that (a request finishing, a gathered list's timer)
   * has no socket to reach, and handing it over would send a command on the adapter's closed Redis connection,
   * whose failure the adapter leaves unhandled.
   */
  private closed = false;

  constructor(
    private readonly io: Server,
    private readonly log: Logger,
  ) {
    this.audience().on(AUDIENCE_HANDOVER, (event: AudienceEvent) => void this.writeToOwnAudience(event));
  }

  async deliver(event: LiveEvent): Promise<void> {
    if (this.closed) return;
    if (event.namespace === 'audience') {
      this.audience().serverSideEmit(AUDIENCE_HANDOVER, event);
      return this.writeToOwnAudience(event);
    }
    this.io.of(LIVE_NAMESPACES.staff).to(event.room).emit(event.event, event.payload);
  }

  close(): void {
    this.closed = true;
  }

  private audience() {
    return this.io.of(LIVE_NAMESPACES.audience);
  }

  private writeToOwnAudience(event: AudienceEvent): Promise<void> {
    this.audienceWriting = this.audienceWriting
      .then(() => this.writeInSlices(event))
      .catch((error: unknown) =>
        this.log.warn({ err: error, event: event.event, room: event.room }, 'live event not pushed'),
      );
    return this.audienceWriting;
  }

  private async writeInSlices({ room, event, payload }: AudienceEvent): Promise<void> {
    const namespace = this.audience();
    // Those in the room now; each socket is also in a room of its own id, which is how a slice is named.
    const sockets = [...(namespace.adapter.rooms.get(room) ?? [])];
    for (let start = 0; start < sockets.length; start += AUDIENCE_SLICE) {
      // Whatever arrived meanwhile (a submit, a moderator's push) goes first.
      await nextTurn();
      namespace.local.to(sockets.slice(start, start + AUDIENCE_SLICE)).emit(event, payload);
    }
    // A closed room's audience leaves it, so re-opening the session or collection later needs a new join.
    if (CLOSING_EVENTS.has(event)) namespace.local.in(room).socketsLeave(room);
  }
}
