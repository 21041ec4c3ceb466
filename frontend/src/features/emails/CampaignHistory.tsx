import { useState } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Pagination } from '../../components/Pagination';
import { Badge, EmptyState, LoadingState } from '../../components/States';
import { formatDateTime } from '../../lib/format';
import { useCampaign, useCampaigns } from './api';
import { CAMPAIGN_STATUS, CampaignCounts, CancelCampaignButton } from './CampaignProgress';
import styles from './EmailsSection.module.css';

const PAGE_SIZE = 10;

export function CampaignHistory() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const campaigns = useCampaigns({ page, page_size: PAGE_SIZE });

  return (
    <section className={styles.panel} aria-labelledby="campaign-history">
      <h3 id="campaign-history" className={styles.panelTitle}>
        Sent emails
      </h3>
      {campaigns.isPending ? (
        <LoadingState />
      ) : !campaigns.data?.results.length ? (
        <EmptyState title="No emails sent yet" />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">Sent on</th>
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
                  <td>{campaign.subject}</td>
                  <td>{formatDateTime(campaign.created_at)}</td>
                  <td>
                    <Badge tone={CAMPAIGN_STATUS[campaign.status].tone}>{CAMPAIGN_STATUS[campaign.status].label}</Badge>
                  </td>
                  <td>{campaign.total}</td>
                  <td>{campaign.sent}</td>
                  <td>{campaign.failed}</td>
                  <td>{campaign.pending}</td>
                  <td className={styles.actions}>
                    <Button size="sm" variant="ghost" onClick={() => setOpenId(campaign.id)}>
                      Details
                    </Button>
                    <CancelCampaignButton campaign={campaign} />
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
