import type { StaffRole } from '@gather/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const staffUsers = pgTable(
  'admin_users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where a set-password link goes; accounts made from the command line have none. */
    email: text('email'),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }),
    /** Signed in with a one-time password: until they choose their own, the session can only change it. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** A deactivated account keeps its name and history but cannot sign in or use a session. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** What the account may do (STAFF_ROLES); accounts older than roles, and the command line's, administer. */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{administrator}'::text[]`)
      .$type<StaffRole[]>(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('admin_users_username_key').on(sql`lower(${table.username})`)],
);

/** A staff member's recent sign-ins, kept to the last few per account. */
export const staffSignIns = pgTable(
  'admin_sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
    address: text('address').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (table) => [index('admin_sign_ins_user_idx').on(table.userId, table.signedInAt.desc())],
);

/**
 * An e-mailed set-password link. The link's token is an HMAC of the row's id and nonce, so the
 * worker can write it into the mail without a job carrying it and a copy of the table cannot forge one.
 */
export const staffPasswordLinks = pgTable(
  'staff_password_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('staff_password_links_user_idx').on(table.userId)],
);

/**
 * Server-side staff sessions. The cookie holds a random token; only its SHA-256 is stored,
 * so a leaked table cannot be replayed, and deleting rows revokes sign-ins at once.
 */
export const staffSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull().default(false),
    /** Signed in by an account that must add a second factor first: good for nothing but adding one. */
    enrolOnly: boolean('enrol_only').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last use, written at most once a minute: a session unused for STAFF_IDLE_MINUTES has ended. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_sessions_user_idx').on(table.userId)],
);
