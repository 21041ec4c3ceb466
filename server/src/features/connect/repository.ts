import { CONNECT_ORDERING, type ConnectForm, type ConnectSubmissionQuery } from '@gather/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { caseless, orderingFor, pageOf, type Found, type Sortable } from '../../platform/database/paging.js';
import { connectSubmissions } from '../../platform/database/schema/connect.js';
import { containing } from '../../platform/database/search.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';
import { giveConsent } from '../newsletters/index.js';

export type ConnectRow = typeof connectSubmissions.$inferSelect;

const sorts: Sortable<typeof CONNECT_ORDERING> = {
  id: connectSubmissions.id,
  created_at: connectSubmissions.createdAt,
  first_name: caseless(connectSubmissions.firstName),
  last_name: caseless(connectSubmissions.lastName),
  email: caseless(connectSubmissions.email),
  is_processed: connectSubmissions.isProcessed,
};

/** Connect cards visitors fill in, kept for the staff inbox. */
export class ConnectRepository {
  constructor(private readonly db: Database) {}

  /** The card and the office's notice of it are written together: both or neither. */
  async add(form: ConnectForm): Promise<void> {
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

  async find(id: number): Promise<ConnectRow | undefined> {
    const [row] = await this.db.select().from(connectSubmissions).where(eq(connectSubmissions.id, id));
    return row;
  }

  async list(query: ConnectSubmissionQuery): Promise<Found<ConnectRow>> {
    const table = connectSubmissions;
    const where = and(
      containing(query.search, [table.firstName, table.lastName, table.email, table.message]),
      query.is_processed === undefined ? undefined : eq(table.isProcessed, query.is_processed),
    );
    return pageOf(this.db, table, where, orderingFor(query.ordering, sorts, '-created_at'), query);
  }

  async markProcessed(id: number, isProcessed: boolean): Promise<ConnectRow | undefined> {
    const [row] = await this.db
      .update(connectSubmissions)
      .set({ isProcessed })
      .where(eq(connectSubmissions.id, id))
      .returning();
    return row;
  }

  async delete(id: number): Promise<boolean> {
    const removed = await this.db
      .delete(connectSubmissions)
      .where(eq(connectSubmissions.id, id))
      .returning({ id: connectSubmissions.id });
    return removed.length > 0;
  }
}
