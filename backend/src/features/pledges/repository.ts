import type { PledgeRequest } from '@gather/contracts';
import type { Database } from '../../db/client.js';
import { buildingFundPledges } from '../../db/schema.js';

export type PledgeRow = typeof buildingFundPledges.$inferSelect;

export class PledgeRepository {
  constructor(private readonly db: Database) {}

  /** Amounts go in as decimal text, so numeric columns keep them exactly. */
  async add(pledge: PledgeRequest): Promise<PledgeRow> {
    const [row] = await this.db
      .insert(buildingFundPledges)
      .values({
        firstName: pledge.first_name,
        middleName: pledge.middle_name,
        lastName: pledge.last_name,
        email: pledge.email,
        phone: pledge.phone,
        totalPledge: pledge.total_pledge,
        currency: pledge.currency,
        paymentType: pledge.payment_type,
        paymentAmount: pledge.payment_amount,
        payByDate: pledge.pay_by_date,
        paymentMethod: pledge.payment_method,
        message: pledge.message,
      })
      .returning();
    return row!;
  }
}
