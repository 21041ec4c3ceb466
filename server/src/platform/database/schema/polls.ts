import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { qnaSessions } from './qna.js';

const moment = (name: string) => timestamp(name, { withTimezone: true });

/** A Q&A session's polls; at most one of a session's is `open` (opening one closes the other in one statement). */
export const qnaPolls = pgTable(
  'qna_polls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => qnaSessions.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    /** choice, multi, rating, words or text (POLL_TYPES). */
    type: text('type').notNull(),
    /** The options' texts by position; a rating's are "1" to "5"; none for words and text. */
    options: text('options')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** draft, open or closed (POLL_STATUSES). */
    status: text('status').notNull().default('draft'),
    revealed: boolean('revealed').notNull().default(false),
    /** The text answer on the projector, if any (an id of qna_poll_answers). */
    shownAnswerId: integer('shown_answer_id'),
    createdAt: createdAt(),
    openedAt: moment('opened_at'),
    closedAt: moment('closed_at'),
    /** When staff last revealed the results: phones keep showing the last revealed poll once it is closed. */
    revealedAt: moment('revealed_at'),
  },
  (table) => [
    index('qna_polls_session_idx').on(table.sessionId, table.createdAt),
    // The backstop of "one open poll per session"; opening one closes the other first, under the session's lock.
    uniqueIndex('qna_polls_one_open')
      .on(table.sessionId)
      .where(sql`status = 'open'`),
  ],
);

/**
 * One answer per poll per device: the unique key makes parallel taps, and taps on several API processes, one
 * row, and sending again replaces it. `choices` are option positions (counted with unnest in one statement);
 * `text` a text answer or a words answer's words (lower case, one space apart). No person's data: the device id
 * is the phone's random cookie, tied to nobody.
 */
export const qnaPollAnswers = pgTable(
  'qna_poll_answers',
  {
    id: serial('id').primaryKey(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => qnaPolls.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    choices: integer('choices')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    text: text('text').notNull().default(''),
    /** The session's word filter caught it: counted in the total, never shown. */
    held: boolean('held').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [unique('qna_poll_answers_device').on(table.pollId, table.deviceId)],
);
