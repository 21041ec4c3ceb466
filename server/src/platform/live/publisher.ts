import { liveRooms } from '@gather/contracts';
import type { Logger } from 'pino';
import type { LiveEvent, LiveSink } from './events.js';

/** Changes within this long reach staff as one "attention changed": a busy Q&A is not a refetch per question. */
export const ATTENTION_BATCH_MS = 250;

/**
 * What services and worker processors push through once a change is committed, so that pages open on it
 * update without asking; each feature names its own events (see its `live.ts`). Pushing is a courtesy on
 * top of the stored data: a failure is logged and never fails the request or job that made the change
 * (pages refetch after a reconnect anyway).
 */
export class LivePublisher {
  private attentionDue = false;

  constructor(
    private readonly sink: LiveSink,
    private readonly log: Logger,
  ) {}

  /** Hands events over in order, without waiting for them. */
  send(...events: LiveEvent[]): void {
    for (const event of events) {
      this.sink
        .deliver(event)
        .catch((error: unknown) =>
          this.log.warn({ err: error, event: event.event, room: event.room }, 'live event not pushed'),
        );
    }
  }

  /**
   * What staff are asked to look at changed (a form sent, a message read, a question or upload
   * waiting or decided, a campaign failing): every staff console refetches its counts. Questions,
   * uploads and campaigns say so through their features' live events; the rest through `attentionOnChange`.
   */
  attentionChanged(): void {
    if (this.attentionDue) return;
    this.attentionDue = true;
    setTimeout(() => {
      this.attentionDue = false;
      this.send({ namespace: 'staff', room: liveRooms.attention, event: 'attention:changed', payload: {} });
    }, ATTENTION_BATCH_MS).unref();
  }
}
