import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

/**
 * Church-wide settings changed in the console, one row per setting by name: 'require_second_factor' (the
 * second-factor policy), 'church_details' (the church's details as Settings saved them; .env gives the
 * first-run defaults), 'test_email' (the last test e-mail the mail server accepted) and 'demo_content' (what
 * the demo seed added, so that one button can remove it).
 */
export const churchSettings = pgTable('church_settings', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
