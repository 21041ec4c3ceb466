import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { events } from './events.js';

/**
 * An event's sign-up settings. `places_taken` is the one counter every sign-up claims its places from, with a
 * conditional UPDATE, so two API processes can never give out more places than `capacity`.
 */
export const eventRegistrationSettings = pgTable('event_registration_settings', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  capacity: integer('capacity').notNull(),
  waitlist: boolean('waitlist').notNull().default(true),
  opensAt: timestamp('opens_at', { withTimezone: true }),
  closesAt: timestamp('closes_at', { withTimezone: true }),
  maxParty: integer('max_party').notNull().default(1),
  questions: jsonb('questions').notNull().default([]),
  acceptHours: integer('accept_hours').notNull().default(24),
  /** Places held by confirmed and offered sign-ups. */
  placesTaken: integer('places_taken').notNull().default(0),
  updatedAt: updatedAt(),
});

/** One sign-up: a person and the party they bring. */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The ticket's id in the QR code: unguessable, unlike the serial id. */
    ticket: uuid('ticket').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** Lower case, as every form stores addresses. */
    email: text('email').notNull(),
    party: integer('party').notNull(),
    answers: jsonb('answers').notNull().default({}),
    status: text('status').notNull(),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** The reminder the day before was claimed (once, by whichever sweep got there first). */
    reminderClaimedAt: timestamp('reminder_claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('event_registrations_ticket_idx').on(table.ticket),
    index('event_registrations_event_idx').on(table.eventId, table.status),
    index('event_registrations_email_idx').on(sql`lower(${table.email})`),
  ],
);

/** Each check-in a phone sent, by the id it made: a check-in replayed after a lost connection counts once. */
export const registrationCheckIns = pgTable('registration_check_ins', {
  clientId: uuid('client_id').primaryKey(),
  registrationId: integer('registration_id')
    .notNull()
    .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
});
