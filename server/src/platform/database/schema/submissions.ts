import { sql } from 'drizzle-orm';
import { boolean, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const contactSubmissions = pgTable('contact_submissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  isRead: boolean('is_read').notNull().default(false),
  createdAt: createdAt(),
});

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

export const givingSubmissions = pgTable('giving_submissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  givingType: text('giving_type').notNull().default('offering'),
  message: text('message').notNull().default(''),
  createdAt: createdAt(),
});
