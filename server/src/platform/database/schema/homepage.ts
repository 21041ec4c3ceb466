import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

/** A single row (id 1): the texts of the home page hero and welcome. */
export const homepageContent = pgTable(
  'homepage_content',
  {
    id: integer('id').primaryKey().default(1),
    heroTitle: text('hero_title').notNull(),
    heroSubtitle: text('hero_subtitle').notNull(),
    heroCta: text('hero_cta').notNull(),
    welcomeTitle: text('welcome_title').notNull(),
    welcomeMessage: text('welcome_message').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('homepage_content_single_row', sql`${table.id} = 1`)],
);
