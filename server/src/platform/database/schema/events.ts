import { boolean, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }),
    location: text('location').notNull(),
    venueAddress: text('venue_address'),
    eventType: text('event_type').notNull().default('special'),
    status: text('status').notNull().default('upcoming'),
    isFeatured: boolean('is_featured').notNull().default(false),
    isSpecial: boolean('is_special').notNull().default(false),
    eventLink: text('event_link'),
    linkType: text('link_type').notNull().default('learn_more'),
    buttonText: text('button_text'),
    organizer: text('organizer'),
    contactEmail: text('contact_email'),
    capacity: integer('capacity'),
    price: numeric('price', { precision: 10, scale: 2 }),
    image: text('image'),
    /** Grows with each staff edit, so calendars that subscribed take the new version (iCalendar SEQUENCE). */
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('events_date_idx').on(table.date)],
);
