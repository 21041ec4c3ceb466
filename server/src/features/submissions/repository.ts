import {
  CONNECT_ORDERING,
  CONTACT_ORDERING,
  GIVING_ORDERING,
  type ConnectForm,
  type ConnectSubmissionQuery,
  type ContactForm,
  type ContactSubmissionQuery,
  type GivingNotification,
  type GivingSubmissionQuery,
  type PageQuery,
} from '@gather/contracts';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/database/client.js';
import {
  connectSubmissions,
  contactSubmissions,
  givingSubmissions,
} from '../../platform/database/schema/submissions.js';
import { offsetOf, orderingFor } from '../../platform/database/paging.js';
import { containing } from '../../platform/database/search.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';
import { enqueueReceipt } from '../../platform/jobs/receipts.js';
import { giveConsent } from '../newsletters/consent.js';
import { declareGiftAid } from '../building-fund/gift-aid-repository.js';

export type ContactRow = typeof contactSubmissions.$inferSelect;
export type ConnectRow = typeof connectSubmissions.$inferSelect;
export type GivingRow = typeof givingSubmissions.$inferSelect;

export interface Found<Row> {
  count: number;
  rows: Row[];
}

type Sortable<Names extends readonly string[]> = Record<Names[number] | 'id', AnyColumn | SQL>;

/** Names sort as people read them, not capitals first. */
const caseless = (column: AnyColumn) => sql`lower(${column})`;

const contactSorts: Sortable<typeof CONTACT_ORDERING> = {
  id: contactSubmissions.id,
  created_at: contactSubmissions.createdAt,
  name: caseless(contactSubmissions.name),
  email: caseless(contactSubmissions.email),
  subject: caseless(contactSubmissions.subject),
  is_read: contactSubmissions.isRead,
};
const connectSorts: Sortable<typeof CONNECT_ORDERING> = {
  id: connectSubmissions.id,
  created_at: connectSubmissions.createdAt,
  first_name: caseless(connectSubmissions.firstName),
  last_name: caseless(connectSubmissions.lastName),
  email: caseless(connectSubmissions.email),
  is_processed: connectSubmissions.isProcessed,
};
const givingSorts: Sortable<typeof GIVING_ORDERING> = {
  id: givingSubmissions.id,
  created_at: givingSubmissions.createdAt,
  name: caseless(givingSubmissions.name),
  email: caseless(givingSubmissions.email),
  giving_type: givingSubmissions.givingType,
};

const DEFAULT_ORDERING = '-created_at';

/**
 * The giving form asks for one full name; HMRC's schedule wants first and last apart. The last word
 * is taken as the last name ("Mary Anne Smith" gives "Mary Anne" and "Smith").
 */
function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  const lastName = words.length > 1 ? words.pop()! : '';
  return { firstName: words.join(' '), lastName };
}

export class SubmissionRepository {
  constructor(private readonly db: Database) {}

  /**
   * Each submission and the mail it promises are written together: both or neither. The office hears
   * of every gift; the giver's receipt is held back when their address had one within the hour.
   */
  async addGiving(gift: GivingNotification, today: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(givingSubmissions)
        .values({
          name: gift.name,
          email: gift.email,
          phone: gift.phone,
          givingType: gift.giving_type,
          message: gift.message,
        })
        .returning({ id: givingSubmissions.id });
      await enqueueJob(tx, 'send-notification-email', { kind: 'giving-notification', recordId: row!.id });
      await enqueueReceipt(tx, 'giving-receipt', row!.id, gift.email);
      if (gift.newsletter_consent) await giveConsent(tx, gift.email, 'giving');
      await declareGiftAid(tx, { email: gift.email, ...splitName(gift.name) }, gift, 'giving', today);
    });
  }

  async addConnect(form: ConnectForm): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(connectSubmissions)
        .values({
          firstName: form.first_name,
          lastName: form.last_name,
          email: form.email,
          phone: form.phone,
          interests: form.interests,
          message: form.message,
        })
        .returning({ id: connectSubmissions.id });
      await enqueueJob(tx, 'send-notification-email', { kind: 'connect-notification', recordId: row!.id });
      if (form.newsletter_consent) await giveConsent(tx, form.email, 'connect');
    });
  }

  async addContact(form: ContactForm): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contactSubmissions)
        .values({
          name: form.name,
          email: form.email,
          phone: form.phone,
          subject: form.subject,
          message: form.message,
        })
        .returning({ id: contactSubmissions.id });
      await enqueueJob(tx, 'send-notification-email', { kind: 'contact-notification', recordId: row!.id });
      if (form.newsletter_consent) await giveConsent(tx, form.email, 'contact');
    });
  }

  async contacts(query: ContactSubmissionQuery): Promise<Found<ContactRow>> {
    const table = contactSubmissions;
    const order = orderingFor(query.ordering, contactSorts, DEFAULT_ORDERING);
    const where = and(
      containing(query.search, [table.name, table.email, table.subject, table.message]),
      query.is_read === undefined ? undefined : eq(table.isRead, query.is_read),
    );
    return this.page(table, where, order, query);
  }

  async connects(query: ConnectSubmissionQuery): Promise<Found<ConnectRow>> {
    const table = connectSubmissions;
    const order = orderingFor(query.ordering, connectSorts, DEFAULT_ORDERING);
    const where = and(
      containing(query.search, [table.firstName, table.lastName, table.email, table.message]),
      query.is_processed === undefined ? undefined : eq(table.isProcessed, query.is_processed),
    );
    return this.page(table, where, order, query);
  }

  async gifts(query: GivingSubmissionQuery): Promise<Found<GivingRow>> {
    const table = givingSubmissions;
    const order = orderingFor(query.ordering, givingSorts, DEFAULT_ORDERING);
    const where = and(
      containing(query.search, [table.name, table.email, table.message]),
      query.giving_type === undefined ? undefined : eq(table.givingType, query.giving_type),
    );
    return this.page(table, where, order, query);
  }

  /** One page of an inbox and how many rows match in all. */
  private async page<T extends PgTable>(
    table: T,
    where: SQL | undefined,
    order: SQL[],
    query: PageQuery,
  ): Promise<Found<T['$inferSelect']>> {
    const [count, rows] = await Promise.all([
      this.db.$count(table, where),
      this.db
        .select()
        .from(table as PgTable)
        .where(where)
        .orderBy(...order)
        .limit(query.page_size)
        .offset(offsetOf(query)),
    ]);
    return { count, rows: rows as T['$inferSelect'][] };
  }

  async markContactRead(id: number, isRead: boolean): Promise<ContactRow | undefined> {
    const [row] = await this.db
      .update(contactSubmissions)
      .set({ isRead })
      .where(eq(contactSubmissions.id, id))
      .returning();
    return row;
  }

  async markConnectProcessed(id: number, isProcessed: boolean): Promise<ConnectRow | undefined> {
    const [row] = await this.db
      .update(connectSubmissions)
      .set({ isProcessed })
      .where(eq(connectSubmissions.id, id))
      .returning();
    return row;
  }

  async deleteContact(id: number): Promise<boolean> {
    const removed = await this.db
      .delete(contactSubmissions)
      .where(eq(contactSubmissions.id, id))
      .returning({ id: contactSubmissions.id });
    return removed.length > 0;
  }

  async deleteConnect(id: number): Promise<boolean> {
    const removed = await this.db
      .delete(connectSubmissions)
      .where(eq(connectSubmissions.id, id))
      .returning({ id: connectSubmissions.id });
    return removed.length > 0;
  }

  async deleteGift(id: number): Promise<boolean> {
    const removed = await this.db
      .delete(givingSubmissions)
      .where(eq(givingSubmissions.id, id))
      .returning({ id: givingSubmissions.id });
    return removed.length > 0;
  }
}
