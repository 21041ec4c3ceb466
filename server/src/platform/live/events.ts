import type { AudienceServerEvents, StaffServerEvents } from '@gather/contracts';

type Emits<Namespace extends string, Events> = {
  [Event in keyof Events & string]: Events[Event] extends (payload: infer Payload) => void
    ? { namespace: Namespace; room: string; event: Event; payload: Payload }
    : never;
}[keyof Events & string];

/**
 * One event for the sockets of one room of a namespace. It is what the worker writes to the live
 * stream for an API process to pass on, so it is plain JSON.
 */
export type LiveEvent = Emits<'staff', StaffServerEvents> | Emits<'audience', AudienceServerEvents>;

/** Where a publisher's events go: straight to the sockets (API processes) or to the live stream (the worker). */
export interface LiveSink {
  deliver(event: LiveEvent): Promise<void>;
}
