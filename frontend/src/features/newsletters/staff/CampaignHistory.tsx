import type { Campaign } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { Modal } from '../../../components/Modal';
import { Pagination } from '../../../components/Pagination';
import { Badge, EmptyState, LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { formatDateTime } from '../../../lib/format';
import { useCampaign, useCampaigns, useDeleteDraft } from './api';
import { CampaignActions } from './CampaignActions';
import { CAMPAIGN_STATUS, CampaignCounts, PausedNote } from './CampaignProgress';
import styles from './EmailsSection.module.css';

const PAGE_SIZE = 10;

/** When, in the words that fit the campaign's state. */
function whenOf(campaign: Campaign): string {
  if (campaign.status === 'draft') return `Edited ${formatDateTime(campaign.updated_at)}`;
  if (campaign.status === 'scheduled' && campaign.scheduled_at) return `Goes ${formatDateTime(campaign.scheduled_at)}`;
  return formatDateTime(campaign.created_at);
}

/** Every email: drafts to open or delete, scheduled and sending ones to manage, sent ones to copy. */
export function CampaignHistory({ onOpenDraft }: { onOpenDraft: (draftId: number) => void }) {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const campaigns = useCampaigns({ page, page_size: PAGE_SIZE });

  return (
    <section className={styles.panel} aria-labelledby="campaign-history">
      <h3 id="campaign-history" className={styles.panelTitle}>
        Emails
      </h3>
      {campaigns.isPending ? (
        <LoadingState />
      ) : !campaigns.data?.results.length ? (
        <EmptyState title="No emails yet" />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">When</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
                <th scope="col">Sent</th>
                <th scope="col">Failed</th>
                <th scope="col">Pending</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {campaigns.data.results.map((campaign) => (
                <tr key={campaign.id}>
                  <td>{campaign.subject || '(no subject)'}</td>
                  <td>{whenOf(campaign)}</td>
                  <td>
                    <Badge tone={CAMPAIGN_STATUS[campaign.status].tone}>{CAMPAIGN_STATUS[campaign.status].label}</Badge>
                    {campaign.status === 'paused' && campaign.paused_reason && (
                      <span className={styles.muted}> {campaign.paused_reason}</span>
                    )}
                  </td>
                  <td>{campaign.total}</td>
                  <td>{campaign.sent}</td>
                  <td>{campaign.failed}</td>
                  <td>{campaign.pending}</td>
                  <td className={styles.actions}>
                    {campaign.status === 'draft' ? (
                      <DraftActions campaign={campaign} onOpen={onOpenDraft} />
                    ) : (
                      <Button size="sm" variant="ghost" onClick={() => setOpenId(campaign.id)}>
                        Details
                      </Button>
                    )}
                    <CampaignActions campaign={campaign} onDuplicated={onOpenDraft} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {campaigns.data && (
        <Pagination page={page} pageSize={PAGE_SIZE} count={campaigns.data.count} onPageChange={setPage} />
      )}
      {openId !== null && <CampaignDetailModal campaignId={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}

function DraftActions({ campaign, onOpen }: { campaign: Campaign; onOpen: (draftId: number) => void }) {
  const confirm = useConfirm();
  const toast = useToast();
  const remove = useDeleteDraft();

  async function deleteDraft() {
    const sure = await confirm({
      title: 'Delete draft',
      message: `Delete the draft “${campaign.subject || '(no subject)'}”? This cannot be undone.`,
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    if (!sure) return;
    remove.mutate(campaign.id, {
      onSuccess: () => toast.success('Draft deleted'),
      onError: () => toast.error('Error deleting the draft. Please try again.'),
    });
  }

  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => onOpen(campaign.id)}>
        Open
      </Button>
      {/* Quiet: the confirmation, not the button's colour, does the warning. */}
      <Button
        size="sm"
        variant="ghost"
        busy={remove.isPending}
        busyText="Deleting..."
        onClick={() => void deleteDraft()}
      >
        Delete
      </Button>
    </>
  );
}

function CampaignDetailModal({ campaignId, onClose }: { campaignId: number; onClose: () => void }) {
  const campaign = useCampaign(campaignId);
  return (
    <Modal open onClose={onClose} title={campaign.data?.subject ?? 'Email'} size="lg">
      {!campaign.data ? (
        <LoadingState />
      ) : (
        <div className={styles.detail}>
          <p className={styles.muted}>
            From {campaign.data.from_name} &lt;{campaign.data.from_email}&gt; ·{' '}
            {formatDateTime(campaign.data.created_at)}
          </p>
          <CampaignCounts campaign={campaign.data} />
          <PausedNote campaign={campaign.data} />
          <h4>Failed deliveries</h4>
          {campaign.data.failed_deliveries.length === 0 ? (
            <p className={styles.muted}>None.</p>
          ) : (
            <ul className={styles.failures}>
              {campaign.data.failed_deliveries.map((delivery) => (
                <li key={delivery.email}>
                  <strong>{delivery.name || delivery.email}</strong> {delivery.name && `<${delivery.email}>`}
                  <span className={styles.muted}>
                    {' '}
                    — {delivery.failure_reason || 'Unknown reason'} ({delivery.attempts}{' '}
                    {delivery.attempts === 1 ? 'attempt' : 'attempts'})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Modal>
  );
}
