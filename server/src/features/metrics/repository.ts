import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';

export class MetricsRepository {
  constructor(private readonly db: Database) {}

  /** Jobs written but not yet handed to Redis, and handed but not yet finished, per queue. */
  async outboxBacklog(): Promise<Array<{ queue: string; waiting: number; unfinished: number }>> {
    const answer = await this.db.execute<{ queue: string; waiting: number; unfinished: number }>(sql`
      select queue,
        count(*) filter (where relayed_at is null)::int as waiting,
        count(*)::int as unfinished
      from outbox where finished_at is null group by queue`);
    return answer.rows;
  }

  /** Deliveries by status of each campaign that is sending or paused. */
  async campaignProgress(): Promise<Array<{ campaign: number; status: string; deliveries: number }>> {
    const answer = await this.db.execute<{ campaign: number; status: string; deliveries: number }>(sql`
      select d.campaign_id as campaign, d.status, count(*)::int as deliveries
      from email_deliveries d join email_campaigns c on c.id = d.campaign_id
      where c.status in ('sending', 'paused')
      group by d.campaign_id, d.status`);
    return answer.rows;
  }
}
