import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { staffUsers } from './staff.js';

export const buildingFundPledges = pgTable(
  'building_fund_pledges',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    totalPledge: numeric('total_pledge', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('GBP'),
    paymentType: text('payment_type').notNull(),
    paymentAmount: numeric('payment_amount', { precision: 12, scale: 2 }).notNull(),
    payByDate: date('pay_by_date').notNull(),
    paymentMethod: text('payment_method').notNull(),
    message: text('message').notNull().default(''),
    paymentStatus: text('payment_status').notNull().default('pending'),
    adminNotes: text('admin_notes').notNull().default(''),
    /** Staff, or the donor through the link in a reminder, switch the pay-by reminders off. */
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('building_fund_pledges_total_min', sql`${table.totalPledge} >= 1`),
    check(
      'building_fund_pledges_amount_range',
      sql`${table.paymentAmount} >= 0 and ${table.paymentAmount} <= ${table.totalPledge}`,
    ),
    index('building_fund_pledges_created_idx').on(table.createdAt),
  ],
);

/**
 * Each pay-by reminder claimed by the sweep, written in the transaction that queues its mail: the
 * unique key is what lets only one worker, once, send a reminder for a pledge's pay-by date.
 */
export const pledgeReminders = pgTable(
  'pledge_reminders',
  {
    id: serial('id').primaryKey(),
    pledgeId: integer('pledge_id')
      .notNull()
      .references(() => buildingFundPledges.id, { onDelete: 'cascade' }),
    /** due-soon (PLEDGE_REMINDER_DAYS before) or overdue (the day after the pay-by date). */
    kind: text('kind').notNull(),
    payByDate: date('pay_by_date').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('pledge_reminders_once_key').on(table.pledgeId, table.kind, table.payByDate)],
);

/**
 * Money received for the building fund: against a pledge, or a one-off gift (no pledge). The donor's
 * name and address are kept on the gift itself, so a gift stays attributable for Gift Aid and
 * statements (HMRC asks charities to keep these records for six years) even if its pledge is deleted.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: serial('id').primaryKey(),
    pledgeId: integer('pledge_id').references(() => buildingFundPledges.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower case, as every form stores addresses; empty for an anonymous one-off gift. */
    email: text('email').notNull().default(''),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('GBP'),
    /** The day the church received it, in its own calendar. */
    receivedOn: date('received_on').notNull(),
    /** GIFT_METHODS. */
    method: text('method').notNull(),
    reference: text('reference').notNull().default(''),
    createdBy: integer('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('gifts_amount_positive', sql`${table.amount} > 0`),
    index('gifts_pledge_idx').on(table.pledgeId),
    index('gifts_email_idx').on(sql`lower(${table.email})`),
    index('gifts_received_idx').on(table.receivedOn),
  ],
);

/**
 * An HMRC Gift Aid declaration: it covers the donor's gifts (matched by address) from `declaredOn`,
 * and the four years before when `coversPastGifts`, until it is cancelled.
 */
export const giftAidDeclarations = pgTable(
  'gift_aid_declarations',
  {
    id: serial('id').primaryKey(),
    /** Lower case, as every form stores addresses. */
    email: text('email').notNull(),
    title: text('title').notNull().default(''),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    houseNameOrNumber: text('house_name_or_number').notNull(),
    /** Upper case with one space, as HMRC asks ("N1 9GU"). */
    postcode: text('postcode').notNull(),
    declaredOn: date('declared_on').notNull(),
    coversPastGifts: boolean('covers_past_gifts').notNull().default(false),
    /** The form it came from: building_fund or giving. */
    source: text('source').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('gift_aid_declarations_email_idx').on(sql`lower(${table.email})`)],
);

/** A single row (id 1): whether visitors see the fund's progress towards its goals. */
export const buildingFundSettings = pgTable(
  'building_fund_settings',
  {
    id: integer('id').primaryKey().default(1),
    showProgress: boolean('show_progress').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [check('building_fund_settings_single_row', sql`${table.id} = 1`)],
);

/** The fund's goal in a currency; a currency with no row has no goal and no progress bar. */
export const buildingFundGoals = pgTable(
  'building_fund_goals',
  {
    currency: text('currency').primaryKey(),
    goal: numeric('goal', { precision: 12, scale: 2 }).notNull(),
  },
  (table) => [check('building_fund_goals_positive', sql`${table.goal} > 0`)],
);

/** A Gift Aid claim staff prepared for HMRC: the gifts received in its date range that were not claimed before. */
export const giftAidClaims = pgTable('gift_aid_claims', {
  id: serial('id').primaryKey(),
  fromDate: date('from_date').notNull(),
  toDate: date('to_date').notNull(),
  /** The staff member's username, as campaigns record who sent them. */
  preparedBy: text('prepared_by').notNull(),
  createdAt: createdAt(),
});

/**
 * The gifts of a claim and the declaration that covered each. A gift's id is unique here, so no gift
 * is ever claimed twice, however claims race; a declaration named here is kept for HMRC.
 */
export const giftAidClaimGifts = pgTable(
  'gift_aid_claim_gifts',
  {
    claimId: integer('claim_id')
      .notNull()
      .references(() => giftAidClaims.id, { onDelete: 'cascade' }),
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'restrict' }),
    declarationId: integer('declaration_id')
      .notNull()
      .references(() => giftAidDeclarations.id, { onDelete: 'restrict' }),
  },
  (table) => [
    uniqueIndex('gift_aid_claim_gifts_gift_key').on(table.giftId),
    index('gift_aid_claim_gifts_claim_idx').on(table.claimId),
    index('gift_aid_claim_gifts_declaration_idx').on(table.declarationId),
  ],
);
