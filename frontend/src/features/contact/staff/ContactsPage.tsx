import type { ContactSubmission } from '@gather/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { Button } from '../../../components/Button';
import { Badge } from '../../../components/States';
import { formatShortDate, truncate } from '../../../lib/format';
import { useInbox } from '../../../components/inbox/api';
import { InboxControls } from '../../../components/inbox/InboxControls';
import { InboxLayout } from '../../../components/inbox/InboxLayout';
import { SubmissionActions } from '../../../components/inbox/SubmissionActions';
import { SubmissionModal } from '../../../components/inbox/SubmissionModal';
import { useDeleteAction, useMarkAction } from '../../../components/inbox/useInboxActions';
import { useInboxState } from '../../../components/inbox/useInboxState';
import styles from '../../../components/inbox/Inbox.module.css';

const SUBJECT_MAX = 30;
const FILTERS = [
  { value: '', label: 'All messages' },
  { value: 'false', label: 'Unread' },
  { value: 'true', label: 'Read' },
];

export function ContactsPage() {
  const state = useInboxState('is_read');
  const inbox = useInbox('contact', state.query);
  const remove = useDeleteAction('contact');
  const { mark } = useMarkAction('contact');
  // The opened row is kept: marking it may take it out of a filtered page while it is read.
  const [opened, setOpened] = useState<ContactSubmission | null>(null);
  const open = inbox.data?.results.find((message) => message.id === opened?.id) ?? opened;

  return (
    <InboxLayout
      title="Contact Submissions"
      kind="contact"
      inbox={inbox}
      state={state}
      controls={
        <InboxControls state={state} searchHint="Name, email or subject" filterLabel="Show" options={FILTERS} />
      }
      columns={['Status', 'Name', 'Subject', 'Received', 'Actions']}
      row={(message: ContactSubmission) => (
        <tr key={message.id} className={message.is_read ? undefined : styles.unread}>
          <td>{message.is_read ? <Badge tone="grey">Read</Badge> : <Badge tone="indigo">Unread</Badge>}</td>
          <td>
            <span className={styles.name}>{message.name}</span>
            <span className={styles.email}>{message.email}</span>
          </td>
          <td title={message.subject}>{truncate(message.subject, SUBJECT_MAX)}</td>
          <td>{formatShortDate(message.created_at)}</td>
          <SubmissionActions
            what={`message from ${message.name}`}
            onView={() => setOpened(message)}
            onDelete={() => void remove(message.id, `message from ${message.name}`)}
            mark={message.is_read ? undefined : { label: 'Mark as read', onSelect: () => mark(message.id) }}
          />
        </tr>
      )}
    >
      {open && (
        <ContactDetail
          message={open}
          onDelete={async () => {
            if (await remove(open.id, `message from ${open.name}`)) setOpened(null);
          }}
          onClose={() => setOpened(null)}
          onMarked={setOpened}
        />
      )}
    </InboxLayout>
  );
}

interface ContactDetailProps {
  message: ContactSubmission;
  onDelete: () => void;
  onClose: () => void;
  onMarked: (message: ContactSubmission) => void;
}

function ContactDetail({ message, onDelete, onClose, onMarked }: ContactDetailProps) {
  const { mark, marking } = useMarkAction('contact', onMarked);
  const unread = !message.is_read;
  // Opening the message is reading it: marked once, when it opens, not again as it updates.
  const markOnOpening = useEffectEvent(() => {
    if (unread) mark(message.id, { quietly: true });
  });
  useEffect(() => markOnOpening(), [message.id]);

  return (
    <SubmissionModal
      title={message.subject}
      receivedAt={message.created_at}
      facts={[
        ['From', message.name],
        ['Email', <a href={`mailto:${message.email}`}>{message.email}</a>],
        ['Phone', message.phone || '—'],
      ]}
      message={message.message}
      markButton={
        unread && (
          <Button variant="secondary" busy={marking} onClick={() => mark(message.id)}>
            Mark as read
          </Button>
        )
      }
      onDelete={onDelete}
      onClose={onClose}
    />
  );
}
