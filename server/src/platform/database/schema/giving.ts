import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const givingSubmissions = pgTable('giving_submissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  givingType: text('giving_type').notNull().default('offering'),
  message: text('message').notNull().default(''),
  createdAt: createdAt(),
});
