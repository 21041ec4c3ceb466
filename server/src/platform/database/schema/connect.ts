import { sql } from 'drizzle-orm';
import { boolean, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const connectSubmissions = pgTable('connect_submissions', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  interests: text('interests')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  message: text('message').notNull().default(''),
  isProcessed: boolean('is_processed').notNull().default(false),
  createdAt: createdAt(),
});
