import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

export const qnaSessions = pgTable(
  'qna_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull().default('live'),
    maxQuestions: integer('max_questions').notNull().default(100),
    /**
     * Questions the session holds, kept with every insert and delete so a new question can claim a
     * place below max_questions in the same single statement that stores it (see QnaRepository).
     */
    questionCount: integer('question_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** open, filter or review (QNA_MODERATION_MODES): when a new question goes live. */
    moderation: text('moderation').notNull().default('open'),
    /** The church's own words for the word filter, beside the library's. */
    filterWords: text('filter_words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('qna_sessions_max_questions_positive', sql`${table.maxQuestions} >= 1`)],
);

export const qnaQuestions = pgTable(
  'qna_questions',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => qnaSessions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    category: text('category').notNull().default('general'),
    name: text('name').notNull().default('Anonymous'),
    status: text('status').notNull().default('new'),
    /** The asker's device (see http/device.ts), so they alone see their question while it waits. Never shown. */
    deviceId: text('device_id'),
    /** The word filter caught its text or name. */
    flagged: boolean('flagged').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('qna_questions_session_idx').on(table.sessionId, table.createdAt)],
);

/**
 * One vote per question per device: the primary key makes a double tap or a replay count once. A question's
 * count is read from here (the key's first column is the question): a vote only adds a row, and never waits
 * for another vote on the same question, as it would for a count kept on the question's row.
 */
export const qnaVotes = pgTable(
  'qna_votes',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => qnaQuestions.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.questionId, table.deviceId] })],
);
