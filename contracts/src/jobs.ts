import { z } from 'zod';

/** Queues by the kind of work: mail waits on SMTP, uploads on CPU, exports on disk. */
export const QUEUE_NAMES = ['email', 'uploads', 'exports'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Mail the church sends because someone did something on the site. */
export const NOTIFICATION_KINDS = [
  'giving-receipt',
  'giving-notification',
  'pledge-confirmation',
  'pledge-follow-up',
  /** Sent by the reminder sweep; the record is the pledge_reminders row it claimed. */
  'pledge-reminder',
  'pledge-statement',
  'newsletter-welcome',
  /** The double opt-in mail: asks the address's owner to confirm; the record is the email_consents row. */
  'newsletter-confirmation',
  'contact-notification',
  'connect-notification',
  /** A staff member's set-password link; the record is the staff_password_links row. */
  'staff-password-link',
  /** A sign-up's confirmation (with its ticket and .ics) or its place on the waiting list; the record is the sign-up. */
  'registration-confirmation',
  /** A place came free for someone on the waiting list, to accept within the event's window. */
  'registration-offer',
  /** The day before the event, to each confirmed sign-up. */
  'registration-reminder',
  /** To the pastoral team: a prayer request arrived (never its words); the record is the request's number. */
  'prayer-notification',
  /** To a sender who asked: how many prayed this week, at most daily; the record is the request's number. */
  'prayer-prayed-count',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Every job: its queue and its payload. Payloads carry ids, never people's data, so
 * Redis holds nothing personal and the worker always reads the current row.
 */
export const JOBS = {
  'send-notification-email': {
    queue: 'email',
    payload: z.object({ kind: z.enum(NOTIFICATION_KINDS), recordId: z.number().int().positive() }),
  },
  /**
   * Sends a campaign's due deliveries in batches until none is due; queued when it is sent, at its
   * scheduled time, on resume and retry. Running it twice is harmless (one run per campaign at a time).
   */
  'send-campaign': {
    queue: 'email',
    payload: z.object({ campaignId: z.number().int().positive() }),
  },
  /**
   * A campaign's message to one staff address, as a test: it touches no delivery and no count. The
   * address is a staff member's own, typed for the test, and has no row of its own to point at.
   */
  'send-campaign-test': {
    queue: 'email',
    payload: z.object({ campaignId: z.number().int().positive(), email: z.string() }),
  },
  'process-upload': {
    queue: 'uploads',
    payload: z.object({
      target: z.enum(['collection-upload', 'album-image', 'event-image', 'album-cover', 'series-artwork']),
      id: z.number().int().positive(),
    }),
  },
  /** The staff's e-mail of a collection's new uploads, queued to run UPLOAD_DIGEST_SECONDS after the first. */
  'send-upload-digest': {
    queue: 'email',
    payload: z.object({ collectionId: z.uuid() }),
  },
  'build-collection-zip': {
    queue: 'exports',
    payload: z.object({ exportId: z.uuid() }),
  },
} as const satisfies Record<string, { queue: QueueName; payload: z.ZodType }>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];
