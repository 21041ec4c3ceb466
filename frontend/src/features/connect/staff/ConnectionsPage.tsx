import type { ConnectSubmission } from '@gather/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { Button } from '../../../components/Button';
import { Badge } from '../../../components/States';
import { formatShortDate } from '../../../lib/format';
import { useInbox } from '../../../components/inbox/api';
import { InboxControls } from '../../../components/inbox/InboxControls';
import { InboxLayout } from '../../../components/inbox/InboxLayout';
import { SubmissionActions } from '../../../components/inbox/SubmissionActions';
import { SubmissionModal } from '../../../components/inbox/SubmissionModal';
import { useDeleteAction, useMarkAction } from '../../../components/inbox/useInboxActions';
import { useInboxState } from '../../../components/inbox/useInboxState';
import styles from '../../../components/inbox/Inbox.module.css';

/** "I'm new here, Volunteering +2 more" */
function interestsSummary(interests: readonly string[], shown = 2): { shown: string[]; more: number } {
  return { shown: interests.slice(0, shown), more: Math.max(0, interests.length - shown) };
}

const FILTERS = [
  { value: '', label: 'All cards' },
  { value: 'false', label: 'New' },
  { value: 'true', label: 'Processed' },
];

const fullName = (card: ConnectSubmission) => `${card.first_name} ${card.last_name}`;

export function ConnectionsPage() {
  const state = useInboxState('is_processed');
  const inbox = useInbox('connect', state.query);
  const remove = useDeleteAction('connect');
  const { mark } = useMarkAction('connect');
  // The opened row is kept: marking it may take it out of a filtered page while it is read.
  const [opened, setOpened] = useState<ConnectSubmission | null>(null);
  const open = inbox.data?.results.find((card) => card.id === opened?.id) ?? opened;

  return (
    <InboxLayout
      title="Connect Submissions"
      kind="connect"
      inbox={inbox}
      state={state}
      controls={<InboxControls state={state} searchHint="Name or email" filterLabel="Show" options={FILTERS} />}
      columns={['Status', 'Name', 'Interests', 'Received', 'Actions']}
      row={(card: ConnectSubmission) => {
        const interests = interestsSummary(card.interests);
        return (
          <tr key={card.id} className={card.is_processed ? undefined : styles.unread}>
            <td>{card.is_processed ? <Badge tone="grey">Processed</Badge> : <Badge tone="teal">New</Badge>}</td>
            <td>
              <span className={styles.name}>{fullName(card)}</span>
              <span className={styles.email}>{card.email}</span>
              {card.phone && <span className={styles.email}>{card.phone}</span>}
            </td>
            <td>
              <span className={styles.interests}>
                {interests.shown.map((interest) => (
                  <Badge key={interest} tone="purple">
                    {interest}
                  </Badge>
                ))}
                {interests.more > 0 && <span className={styles.more}>+{interests.more} more</span>}
              </span>
            </td>
            <td>{formatShortDate(card.created_at)}</td>
            <SubmissionActions
              what={`card from ${fullName(card)}`}
              onView={() => setOpened(card)}
              onDelete={() => void remove(card.id, `card from ${fullName(card)}`)}
              mark={card.is_processed ? undefined : { label: 'Mark as processed', onSelect: () => mark(card.id) }}
            />
          </tr>
        );
      }}
    >
      {open && (
        <ConnectDetail
          card={open}
          onDelete={async () => {
            if (await remove(open.id, `card from ${fullName(open)}`)) setOpened(null);
          }}
          onClose={() => setOpened(null)}
          onMarked={setOpened}
        />
      )}
    </InboxLayout>
  );
}

interface ConnectDetailProps {
  card: ConnectSubmission;
  onDelete: () => void;
  onClose: () => void;
  onMarked: (card: ConnectSubmission) => void;
}

function ConnectDetail({ card, onDelete, onClose, onMarked }: ConnectDetailProps) {
  const { mark, marking } = useMarkAction('connect', onMarked);
  const isNew = !card.is_processed;
  // Opening a card is taking it in hand: processed once, when it opens.
  const markOnOpening = useEffectEvent(() => {
    if (isNew) mark(card.id, { quietly: true });
  });
  useEffect(() => markOnOpening(), [card.id]);

  return (
    <SubmissionModal
      title={fullName(card)}
      receivedAt={card.created_at}
      facts={[
        ['Email', <a href={`mailto:${card.email}`}>{card.email}</a>],
        ['Phone', card.phone || '—'],
        ['Interests', card.interests.join(', ') || '—'],
      ]}
      message={card.message}
      markButton={
        isNew && (
          <Button variant="secondary" busy={marking} onClick={() => mark(card.id)}>
            Mark as processed
          </Button>
        )
      }
      onDelete={onDelete}
      onClose={onClose}
    />
  );
}
