import type { NotificationKind } from '@gather/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../database/client.js';
import { buildingFundPledges } from '../database/schema/building-fund.js';
import { newsletterSubscribers } from '../database/schema/newsletters.js';
import { adminUsers, staffPasswordLinks } from '../database/schema/staff.js';
import { connectSubmissions, contactSubmissions, givingSubmissions } from '../database/schema/submissions.js';
import type { NotificationRecord } from './notifications.js';
import { loadReminder, pledgeStatement } from '../../features/building-fund/pledge-mail-repository.js';

/** Reads the row a notification is about; undefined when it has been deleted since. */
export class NotificationRepository {
  constructor(private readonly db: Database) {}

  async load(kind: NotificationKind, id: number): Promise<NotificationRecord | undefined> {
    switch (kind) {
      case 'giving-receipt':
      case 'giving-notification': {
        const [giving] = await this.db.select().from(givingSubmissions).where(eq(givingSubmissions.id, id));
        return giving && { kind, giving };
      }
      case 'pledge-confirmation':
      case 'pledge-follow-up': {
        const [pledge] = await this.db.select().from(buildingFundPledges).where(eq(buildingFundPledges.id, id));
        return pledge && { kind, pledge };
      }
      case 'pledge-reminder': {
        const row = await loadReminder(this.db, id);
        if (!row) return undefined;
        const { kind: reminderKind, pledgeId, email, stillDue, ...account } = row;
        return { kind, reminder: { kind: reminderKind, pledgeId, email }, account, stillDue };
      }
      case 'pledge-statement': {
        const found = await pledgeStatement(this.db, id);
        return found && { kind, ...found };
      }
      case 'newsletter-welcome': {
        const [subscriber] = await this.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
        return subscriber && { kind, subscriber };
      }
      case 'contact-notification': {
        const [contact] = await this.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
        return contact && { kind, contact };
      }
      case 'connect-notification': {
        const [connect] = await this.db.select().from(connectSubmissions).where(eq(connectSubmissions.id, id));
        return connect && { kind, connect };
      }
      case 'staff-password-link': {
        const [link] = await this.db
          .select({
            id: staffPasswordLinks.id,
            nonce: staffPasswordLinks.nonce,
            username: adminUsers.username,
            email: adminUsers.email,
            expiresAt: staffPasswordLinks.expiresAt,
            usedAt: staffPasswordLinks.usedAt,
            deactivatedAt: adminUsers.deactivatedAt,
          })
          .from(staffPasswordLinks)
          .innerJoin(adminUsers, eq(adminUsers.id, staffPasswordLinks.userId))
          .where(eq(staffPasswordLinks.id, id));
        if (!link?.email) return undefined;
        const { usedAt, deactivatedAt, email, ...rest } = link;
        const usable = !usedAt && !deactivatedAt && link.expiresAt > new Date();
        return { kind, link: { ...rest, email, usable } };
      }
    }
  }
}
