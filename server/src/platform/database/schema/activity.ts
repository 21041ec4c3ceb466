import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every staff change, kept: who, when, what, and the thing before and after. Passwords and tokens are
 * redacted before a row is written; People's erase anonymises what a person's rows hold.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffUsername: text('staff_username').notNull(),
    action: text('action', { enum: ['create', 'edit', 'delete'] }).notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id'),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('activity_log_at_idx').on(table.at),
    index('activity_log_staff_at_idx').on(table.staffUsername, table.at),
    index('activity_log_subject_at_idx').on(table.subjectKind, table.at),
  ],
);
