import { setImmediate as nextTurn } from 'node:timers/promises';
import { GATHERED_AUDIENCE_EVENTS, LIVE_NAMESPACES } from '@gather/contracts';
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
 * process writes them to its own sockets in slices, in order within each room. A room's events that
 * come before their write starts go as one message (GATHERED_AUDIENCE_EVENTS): a moment's new
 * questions and vote counts are then one write to each phone, not two. The audience page refetches
 * after any reconnection instead of recovering.
 */
export class SocketSink implements LiveSink {
  /** Audience events of this process, written one after the other so that each phone gets them in order. */
  private audienceWriting: Promise<void> = Promise.resolve();
  /** Each room's audience events whose write has not started: one that comes meanwhile joins them. */
  private readonly waitingRooms = new Map<string, AudienceEvent[]>();
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
    const waiting = this.waitingRooms.get(event.room);
    if (waiting) {
      waiting.push(event);
      return this.audienceWriting;
    }
    const events = [event];
    this.waitingRooms.set(event.room, events);
    this.audienceWriting = this.audienceWriting
      .then(() => this.writeInSlices(event.room, events))
      .catch((error: unknown) =>
        this.log.warn(
          { err: error, events: events.map(({ event }) => event), room: event.room },
          'live event not pushed',
        ),
      );
    return this.audienceWriting;
  }

  private async writeInSlices(room: string, events: AudienceEvent[]): Promise<void> {
    const namespace = this.audience();
    // Whatever arrived meanwhile (a submit, a moderator's push) goes first; what came for this room joins the write.
    await nextTurn();
    this.waitingRooms.delete(room);
    const [first] = events;
    const message =
      events.length === 1
        ? [first!.event, first!.payload]
        : [GATHERED_AUDIENCE_EVENTS, events.map(({ event, payload }) => [event, payload])];
    // Those in the room now; each socket is also in a room of its own id, which is how a slice is named.
    const sockets = [...(namespace.adapter.rooms.get(room) ?? [])];
    for (let start = 0; start < sockets.length; start += AUDIENCE_SLICE) {
      if (start > 0) await nextTurn();
      namespace.local.to(sockets.slice(start, start + AUDIENCE_SLICE)).emit(...(message as [string, unknown]));
    }
    // A closed room's audience leaves it, so re-opening the session or collection later needs a new join.
    if (events.some(({ event }) => CLOSING_EVENTS.has(event))) namespace.local.in(room).socketsLeave(room);
  }
}
