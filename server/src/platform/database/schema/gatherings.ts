import { date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { photoCollections } from './collections.js';
import { createdAt, updatedAt } from './columns.js';
import { qnaSessions } from './qna.js';
import { sermons } from './sermons.js';

/**
 * One date's gathering (usually a Sunday): the Q&A session, photo collection and sermon its QR code leads to.
 * The id is random so a gathering's public page cannot be guessed before it is shared; deleting a linked thing
 * leaves the gathering without that link.
 */
export const gatherings = pgTable(
  'gatherings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    date: date('date').notNull(),
    qnaSessionId: uuid('qna_session_id').references(() => qnaSessions.id, { onDelete: 'set null' }),
    collectionId: uuid('collection_id').references(() => photoCollections.id, { onDelete: 'set null' }),
    sermonId: integer('sermon_id').references(() => sermons.id, { onDelete: 'set null' }),
    /** Plain text, shown to visitors as typed. */
    sermonNotes: text('sermon_notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('gatherings_date_idx').on(table.date)],
);
