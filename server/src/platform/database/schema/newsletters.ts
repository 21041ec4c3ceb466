import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('newsletter_subscribers_email_key').on(sql`lower(${table.email})`)],
);

export const emailSenders = pgTable(
  'email_senders',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('email_senders_email_key').on(sql`lower(${table.email})`)],
);

/** A newsletter sent by staff: one delivery row per distinct address. */
export const emailCampaigns = pgTable('email_campaigns', {
  id: serial('id').primaryKey(),
  subject: text('subject').notNull(),
  content: text('content').notNull(),
  fromEmail: text('from_email').notNull(),
  fromName: text('from_name').notNull(),
  /** draft, scheduled, sending, paused, sent, sent_with_failures or cancelled (CAMPAIGN_STATUSES). */
  status: text('status').notNull().default('sending'),
  /** newsletter (only to addresses with consent) or service (about something the person asked for). */
  kind: text('kind').notNull().default('newsletter'),
  total: integer('total').notNull(),
  /** A draft's recipients as the editor saved them; deliveries are made from them when it is scheduled or sent. */
  draftRecipients: jsonb('draft_recipients').$type<Array<{ email: string; name: string }>>(),
  scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
  pausedReason: text('paused_reason'),
  createdBy: text('created_by').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
});

export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** This recipient's own words (a statement), in place of the campaign's content; null for most. */
    content: text('content'),
    /** pending, sending, sent, failed, skipped (unsubscribed) or cancelled. */
    status: text('status').notNull().default('pending'),
    messageId: text('message_id'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('email_deliveries_campaign_email_key').on(table.campaignId, sql`lower(${table.email})`),
    index('email_deliveries_campaign_status_idx').on(table.campaignId, table.status),
  ],
);

/**
 * Consent to the newsletter, one row each time it was given (where: the form's name), so the church can
 * show when and where someone agreed, and when they confirmed it from their mailbox. Withdrawing (unsubscribe) closes every open row of the address;
 * ticking the box again later opens a new one. newsletter_subscribers stays the spec's list of sign-ups.
 */
export const emailConsents = pgTable(
  'email_consents',
  {
    id: serial('id').primaryKey(),
    /** Lower case, as every form stores addresses. */
    email: text('email').notNull(),
    /** newsletter, contact, connect, giving or building_fund. */
    source: text('source').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the address's owner pressed Confirm in the mail sent to it (double opt-in); until then the consent
     * is pending and no newsletter goes to the address. Consents recorded before confirmation existed count as
     * confirmed when given.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [index('email_consents_email_idx').on(sql`lower(${table.email})`)],
);

/** Addresses the mail server refused for good (a 5xx): no campaign mails them until staff lift it. */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    campaignId: integer('campaign_id').references(() => emailCampaigns.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('email_suppressions_email_key').on(sql`lower(${table.email})`)],
);
