import type { PageQuery } from '@gather/contracts';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { emailSuppressions } from '../../platform/database/schema/newsletters.js';
import { containing } from '../../platform/database/search.js';
import { offsetOf, orderingFor } from '../../platform/database/paging.js';

export type SuppressionRow = typeof emailSuppressions.$inferSelect;

const sorts = {
  id: emailSuppressions.id,
  created_at: emailSuppressions.createdAt,
  email: emailSuppressions.email,
};

/** Staff's side of suppressions; the worker adds them (DeliveryRepository.recordPermanentRejections). */
export class SuppressionRepository {
  constructor(private readonly db: Database) {}

  async page(query: PageQuery): Promise<{ count: number; rows: SuppressionRow[] }> {
    const order = orderingFor(query.ordering, sorts, '-created_at');
    const where = containing(query.search, [emailSuppressions.email, emailSuppressions.reason]);
    const [total] = await this.db.select({ count: count() }).from(emailSuppressions).where(where);
    const rows = await this.db
      .select()
      .from(emailSuppressions)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset(offsetOf(query));
    return { count: total!.count, rows };
  }

  /** Lifting a suppression lets later campaigns (and deliveries still waiting) mail the address again. */
  async lift(id: number): Promise<boolean> {
    const lifted = await this.db
      .delete(emailSuppressions)
      .where(eq(emailSuppressions.id, id))
      .returning({ id: emailSuppressions.id });
    return lifted.length > 0;
  }
}
