import { CONTACT_ORDERING, type ContactForm, type ContactSubmissionQuery } from '@gather/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { caseless, orderingFor, pageOf, type Found, type Sortable } from '../../platform/database/paging.js';
import { contactSubmissions } from '../../platform/database/schema/contact.js';
import { containing } from '../../platform/database/search.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';
import { giveConsent } from '../newsletters/index.js';

export type ContactRow = typeof contactSubmissions.$inferSelect;

const sorts: Sortable<typeof CONTACT_ORDERING> = {
  id: contactSubmissions.id,
  created_at: contactSubmissions.createdAt,
  name: caseless(contactSubmissions.name),
  email: caseless(contactSubmissions.email),
  subject: caseless(contactSubmissions.subject),
  is_read: contactSubmissions.isRead,
};

/** Messages sent through the contact form, kept for the staff inbox. */
export class ContactRepository {
  constructor(private readonly db: Database) {}

  /** The message and the office's notice of it are written together: both or neither. */
  async add(form: ContactForm): Promise<void> {
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

  async find(id: number): Promise<ContactRow | undefined> {
    const [row] = await this.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    return row;
  }

  async list(query: ContactSubmissionQuery): Promise<Found<ContactRow>> {
    const table = contactSubmissions;
    const where = and(
      containing(query.search, [table.name, table.email, table.subject, table.message]),
      query.is_read === undefined ? undefined : eq(table.isRead, query.is_read),
    );
    return pageOf(this.db, table, where, orderingFor(query.ordering, sorts, '-created_at'), query);
  }

  async markRead(id: number, isRead: boolean): Promise<ContactRow | undefined> {
    const [row] = await this.db
      .update(contactSubmissions)
      .set({ isRead })
      .where(eq(contactSubmissions.id, id))
      .returning();
    return row;
  }

  async delete(id: number): Promise<boolean> {
    const removed = await this.db
      .delete(contactSubmissions)
      .where(eq(contactSubmissions.id, id))
      .returning({ id: contactSubmissions.id });
    return removed.length > 0;
  }
}
