import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { staffUsers } from './staff.js';

/**
 * A staff member's authenticator app. The secret is kept encrypted (AES-GCM under a key derived from the
 * site's secret); it counts only once confirmed by a first code. The last accepted time step refuses a replayed code.
 */
export const staffAuthenticators = pgTable('staff_authenticators', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored as SHA-256 hashes (they are long random codes, so no slow hash is needed). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_recovery_codes_user_idx').on(table.userId)],
);

/** A staff member's passkeys (WebAuthn credentials): only public keys, never anything that signs. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('staff_passkeys_credential_key').on(table.credentialId),
    index('staff_passkeys_user_idx').on(table.userId),
  ],
);

/**
 * A sign-in whose password was right and that waits for its second step: not a session (nothing but the
 * second step accepts it), short-lived, and deleted when used. Only the SHA-256 of its token is stored.
 */
export const staffPendingSignIns = pgTable(
  'staff_pending_sign_ins',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull(),
    /** The passkey challenge this sign-in was given, when it asked for one. */
    challenge: text('challenge'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('staff_pending_sign_ins_user_idx').on(table.userId)],
);

/** The challenge of a passkey being added, one per staff member at a time. */
export const staffPasskeyChallenges = pgTable('staff_passkey_challenges', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  challenge: text('challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
