import type { Campaign, CampaignStatus } from '@gather/contracts';
import { Badge, type BadgeTone } from '../../../components/States';
import { useCampaign } from './api';
import { CampaignActions } from './CampaignActions';
import styles from './EmailsSection.module.css';

export const CAMPAIGN_STATUS: Record<CampaignStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'grey' },
  scheduled: { label: 'Scheduled', tone: 'indigo' },
  sending: { label: 'Sending', tone: 'teal' },
  paused: { label: 'Paused', tone: 'orange' },
  sent: { label: 'Sent', tone: 'green' },
  sent_with_failures: { label: 'Sent with failures', tone: 'orange' },
  cancelled: { label: 'Cancelled', tone: 'grey' },
};

export function CampaignCounts({ campaign }: { campaign: Campaign }) {
  const done = campaign.total ? ((campaign.total - campaign.pending) / campaign.total) * 100 : 100;
  return (
    <>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={`Delivery of “${campaign.subject}”`}
        aria-valuemin={0}
        aria-valuemax={campaign.total}
        aria-valuenow={campaign.total - campaign.pending}
      >
        <span style={{ width: `${done}%` }} />
      </div>
      <dl className={styles.counts}>
        <div>
          <dt>Sent</dt>
          <dd>{campaign.sent}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{campaign.failed}</dd>
        </div>
        <div>
          <dt>Pending</dt>
          <dd>{campaign.pending}</dd>
        </div>
      </dl>
    </>
  );
}

/** Why a campaign is paused, in the volunteer's words. */
export function PausedNote({ campaign }: { campaign: Campaign }) {
  if (campaign.status !== 'paused') return null;
  return (
    <p className={styles.muted} role="note">
      {campaign.paused_reason
        ? `Paused by itself: ${campaign.paused_reason}`
        : 'Paused. Messages not yet sent wait until you resume.'}
    </p>
  );
}

/** The message just sent, its counts moving as the worker delivers it. */
export function CampaignProgress({ campaignId }: { campaignId: number }) {
  const campaign = useCampaign(campaignId).data;
  if (!campaign) return null;
  const status = CAMPAIGN_STATUS[campaign.status];
  return (
    <section className={styles.panel} aria-label="Sending progress">
      <div className={styles.progressHeader}>
        <h3 className={styles.panelTitle}>{campaign.subject}</h3>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <CampaignCounts campaign={campaign} />
      <PausedNote campaign={campaign} />
      <div className={styles.actions}>
        <CampaignActions campaign={campaign} />
      </div>
    </section>
  );
}
