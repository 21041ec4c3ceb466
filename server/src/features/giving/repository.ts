import { GIVING_ORDERING, type GivingNotification, type GivingSubmissionQuery } from '@gather/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { caseless, orderingFor, pageOf, type Found, type Sortable } from '../../platform/database/paging.js';
import { givingSubmissions } from '../../platform/database/schema/giving.js';
import { containing } from '../../platform/database/search.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';
import { enqueueReceipt } from '../../platform/jobs/receipts.js';
import { declareGiftAid } from '../building-fund/index.js';
import { giveConsent } from '../newsletters/index.js';

export type GivingRow = typeof givingSubmissions.$inferSelect;

const sorts: Sortable<typeof GIVING_ORDERING> = {
  id: givingSubmissions.id,
  created_at: givingSubmissions.createdAt,
  name: caseless(givingSubmissions.name),
  email: caseless(givingSubmissions.email),
  giving_type: givingSubmissions.givingType,
};

/**
 * The giving form asks for one full name; HMRC's schedule wants first and last apart. The last word
 * is taken as the last name ("Mary Anne Smith" gives "Mary Anne" and "Smith").
 */
function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  const lastName = words.length > 1 ? words.pop()! : '';
  return { firstName: words.join(' '), lastName };
}

/** Giving notices: visitors telling the church of a gift, kept for the staff inbox. */
export class GivingRepository {
  constructor(private readonly db: Database) {}

  /**
   * The notice and the mail it promises are written together: both or neither. The office hears of every gift;
   * the giver's receipt is held back when their address had one within the hour.
   */
  async add(gift: GivingNotification, today: string): Promise<void> {
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

  async find(id: number): Promise<GivingRow | undefined> {
    const [row] = await this.db.select().from(givingSubmissions).where(eq(givingSubmissions.id, id));
    return row;
  }

  async list(query: GivingSubmissionQuery): Promise<Found<GivingRow>> {
    const table = givingSubmissions;
    const where = and(
      containing(query.search, [table.name, table.email, table.message]),
      query.giving_type === undefined ? undefined : eq(table.givingType, query.giving_type),
    );
    return pageOf(this.db, table, where, orderingFor(query.ordering, sorts, '-created_at'), query);
  }

  async delete(id: number): Promise<boolean> {
    const removed = await this.db
      .delete(givingSubmissions)
      .where(eq(givingSubmissions.id, id))
      .returning({ id: givingSubmissions.id });
    return removed.length > 0;
  }
}
