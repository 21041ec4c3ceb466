import { GIVING_TYPES, type GivingSubmission, type GivingType } from '@gather/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/States';
import { formatShortDate, truncate } from '../../../lib/format';
import { useInbox } from '../../../components/inbox/api';
import { InboxControls } from '../../../components/inbox/InboxControls';
import { InboxLayout } from '../../../components/inbox/InboxLayout';
import { SubmissionActions } from '../../../components/inbox/SubmissionActions';
import { SubmissionModal } from '../../../components/inbox/SubmissionModal';
import { useDeleteAction } from '../../../components/inbox/useInboxActions';
import { useInboxState } from '../../../components/inbox/useInboxState';
import styles from '../../../components/inbox/Inbox.module.css';

const GIVING_LABELS: Record<GivingType, string> = {
  tithe: 'Tithe',
  offering: 'Offering',
  missions: 'Missions',
  building: 'Building',
  special: 'Special',
  other: 'Other',
};
const FILTERS = [
  { value: '', label: 'All gifts' },
  ...GIVING_TYPES.map((type) => ({ value: type, label: GIVING_LABELS[type] })),
];
const MESSAGE_MAX = 40;

export function GivingPage() {
  const state = useInboxState('giving_type');
  const inbox = useInbox('giving', state.query);
  const remove = useDeleteAction('giving');
  const [openId, setOpenId] = useState<number | null>(null);
  const open = inbox.data?.results.find((gift) => gift.id === openId);

  return (
    <InboxLayout
      title="Giving Notifications"
      kind="giving"
      inbox={inbox}
      state={state}
      controls={<InboxControls state={state} searchHint="Name or email" filterLabel="Type" options={FILTERS} />}
      columns={['Name', 'Type', 'Message', 'Received', 'Actions']}
      row={(gift: GivingSubmission) => (
        <tr key={gift.id}>
          <td>
            <span className={styles.name}>{gift.name}</span>
            <span className={styles.email}>{gift.email}</span>
          </td>
          <td>
            <Badge tone="teal">{GIVING_LABELS[gift.giving_type]}</Badge>
          </td>
          <td>{truncate(gift.message, MESSAGE_MAX) || '—'}</td>
          <td>{formatShortDate(gift.created_at)}</td>
          <SubmissionActions
            what={`gift from ${gift.name}`}
            onView={() => setOpenId(gift.id)}
            onDelete={() => void remove(gift.id, `gift from ${gift.name}`)}
          />
        </tr>
      )}
    >
      {open && (
        <SubmissionModal
          title={open.name}
          receivedAt={open.created_at}
          facts={[
            ['Email', <a href={`mailto:${open.email}`}>{open.email}</a>],
            ['Phone', open.phone || '—'],
            ['Type', GIVING_LABELS[open.giving_type]],
          ]}
          message={open.message}
          onDelete={async () => {
            if (await remove(open.id, `gift from ${open.name}`)) setOpenId(null);
          }}
          onClose={() => setOpenId(null)}
        />
      )}
    </InboxLayout>
  );
}
