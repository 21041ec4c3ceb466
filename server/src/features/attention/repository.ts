import { ATTENTION_GIVING_DAYS, type Attention } from '@gather/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';

export class AttentionRepository {
  constructor(private readonly db: Database) {}

  /** Every count in one statement; `today` is the church's date, which pledges fall due by. */
  async counts(today: string): Promise<Attention> {
    const result = await this.db.execute<Attention>(sql`
      select (select count(*)::int from contact_submissions where not is_read) as "unread_contacts",
             (select count(*)::int from connect_submissions where not is_processed) as "new_connect_cards",
             (select count(*)::int from giving_submissions
               where created_at > now() - make_interval(days => ${ATTENTION_GIVING_DAYS})) as "new_giving",
             (select count(*)::int from building_fund_pledges
               where payment_status <> 'completed' and pay_by_date < ${today}::date) as "pledges_overdue",
             (select count(*)::int from building_fund_pledges
               where payment_status <> 'completed'
                 and pay_by_date between ${today}::date and ${today}::date + 6) as "pledges_due_this_week",
             (select count(*)::int from qna_questions q join qna_sessions s on s.id = q.session_id
               where s.is_active and q.status in ('new', 'pending')) as "questions_waiting",
             (select count(*)::int from collection_uploads where approval = 'pending') as "uploads_waiting",
             (select count(*)::int from email_campaigns
               where status = 'sent_with_failures' or (status = 'paused' and paused_reason is not null))
               as "campaigns_with_failures",
             (select count(*)::int from prayer_requests
               where approved_at is null and followed_up_at is null and archived_at is null)
               as "prayer_requests_waiting"
    `);
    return result.rows[0]!;
  }
}
