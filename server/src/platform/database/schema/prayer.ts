import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * Prayer requests. `text` and `name` are what the person sent, kept for the pastoral team; `wall_text` and
 * `wall_name` are what the wall shows once approved (edited, or the same). The id is a uuid: it is public on the wall.
 */
export const prayerRequests = pgTable(
  'prayer_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The request's number, for mail jobs (whose records are numbered); never shown to visitors. */
    number: serial('number').notNull().unique(),
    text: text('text').notNull(),
    name: text('name').notNull().default(''),
    /** Only to hear back; null when none was given. */
    email: text('email'),
    visibility: text('visibility').notNull().default('pastoral'),
    hearBack: boolean('hear_back').notNull().default(false),
    wallText: text('wall_text'),
    wallName: text('wall_name'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    followedUpAt: timestamp('followed_up_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    /** When the person was last told how many prayed: at most once a day. */
    toldAt: timestamp('told_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('prayer_requests_visibility', sql`${table.visibility} in ('pastoral', 'wall', 'wall_anonymous')`),
    // Only a request its sender allowed to be shared can reach the wall, whatever the code above does.
    check('prayer_requests_wall_allowed', sql`${table.approvedAt} is null or ${table.visibility} <> 'pastoral'`),
    index('prayer_requests_wall')
      .on(table.approvedAt)
      .where(sql`${table.archivedAt} is null`),
    index('prayer_requests_created').on(table.createdAt),
  ],
);

/** One row per device that prayed for a request: the count is the rows, so a device counts once. */
export const prayerPrayed = pgTable(
  'prayer_prayed',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => prayerRequests.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    /** A keyed hash of the connection's address, never the address: bounds what one connection may add. */
    addressHash: text('address_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.deviceId] }),
    index('prayer_prayed_address').on(table.requestId, table.addressHash),
  ],
);
