import type { Campaign } from '@gather/contracts';
import type { CampaignRepository, CampaignRow, DeliveryCounts } from './campaign-repository.js';

/** A campaign as staff see it; the worker pushes its progress this way too (through campaignNow). */
export function campaignAnswer(row: CampaignRow, counts: DeliveryCounts): Campaign {
  return {
    id: row.id,
    subject: row.subject,
    from_email: row.fromEmail,
    from_name: row.fromName,
    status: row.status as Campaign['status'],
    total: row.total,
    sent: counts.sent,
    failed: counts.failed,
    pending: counts.pending + counts.sending,
    skipped: counts.skipped,
    cancelled: counts.cancelled,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    kind: row.kind as Campaign['kind'],
    scheduled_at: row.scheduledAt?.toISOString() ?? null,
    paused_reason: row.pausedReason,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The campaign as it stands now, with its counts; undefined when there is none. */
export async function campaignNow(campaigns: CampaignRepository, id: number): Promise<Campaign | undefined> {
  const row = await campaigns.find(id);
  if (!row) return undefined;
  const counts = await campaigns.counts([id]);
  return campaignAnswer(row, counts.get(id)!);
}
