import { PRAYER_AUDIENCES, type StaffPrayerRequest } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Field, Input, TextArea } from '../../../components/Field';
import { Alert, Badge } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { formatDateTime } from '../../../lib/format';
import { useChangePrayerRequest } from '../api';
import styles from './PrayerRequestsPage.module.css';

/** One request with everything the pastoral team does to it. */
export function PrayerRequestCard({ request, statusLabel }: { request: StaffPrayerRequest; statusLabel: string }) {
  const change = useChangePrayerRequest(request.id);
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [wallText, setWallText] = useState(request.wall_text ?? request.text);
  const [wallName, setWallName] = useState(request.wall_name ?? request.name);
  const [notes, setNotes] = useState(request.notes);
  // Notes saved on another screen replace these, unless this screen has unsaved changes of its own.
  const [savedNotes, setSavedNotes] = useState(request.notes);
  if (request.notes !== savedNotes) {
    setSavedNotes(request.notes);
    if (notes === savedNotes) setNotes(request.notes);
  }
  const shareable = request.visibility !== 'pastoral' && request.status !== 'archived';
  const done = (what: string) => ({ onSuccess: () => toast.success(what) });
  const headingId = `prayer-request-${request.id}`;

  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h2 id={headingId} className={styles.from}>
          {request.name || 'No name given'}
          {request.email && <span className={styles.email}> · {request.email}</span>}
        </h2>
        <Badge tone={request.status === 'new' ? 'indigo' : 'grey'}>{statusLabel}</Badge>
      </div>
      <p className={styles.meta}>
        {formatDateTime(request.created_at)} · {PRAYER_AUDIENCES[request.visibility].label}
        {request.status === 'on_wall' && ` · ${request.prayed_count} prayed`}
      </p>
      <p className={styles.text}>{request.text}</p>
      {request.wall_text !== null && request.wall_text !== request.text && (
        <p className={styles.wallText}>
          <strong>On the wall:</strong> {request.wall_text}
        </p>
      )}
      {editing && (
        <div className={styles.edit}>
          <Field label="Words for the wall" hint="Edit out surnames and details; the original is kept here.">
            {(control) => (
              <TextArea {...control} value={wallText} onChange={(event) => setWallText(event.target.value)} />
            )}
          </Field>
          {request.visibility === 'wall' && (
            <Field label="Name on the wall" hint="A first name, or leave blank.">
              {(control) => (
                <Input {...control} value={wallName} onChange={(event) => setWallName(event.target.value)} />
              )}
            </Field>
          )}
          <Button
            busy={change.isPending}
            onClick={() =>
              change.mutate(
                { kind: 'approve', wall: { text: wallText, name: wallName } },
                {
                  onSuccess: () => {
                    setEditing(false);
                    toast.success('On the prayer wall');
                  },
                },
              )
            }
          >
            Approve for the wall
          </Button>
        </div>
      )}
      <Field label="Private notes" hint="Seen only by the pastoral team.">
        {(control) => (
          <TextArea {...control} rows={2} value={notes} onChange={(event) => setNotes(event.target.value)} />
        )}
      </Field>
      <div className={styles.actions}>
        {shareable && !editing && (
          <Button
            variant="primary"
            onClick={() => {
              // The words as they are now, approved on another screen or not.
              setWallText(request.wall_text ?? request.text);
              setWallName(request.wall_name ?? request.name);
              setEditing(true);
            }}
          >
            {request.status === 'on_wall' ? 'Edit on the wall' : 'Review for the wall'}
          </Button>
        )}
        <Button variant="secondary" onClick={() => change.mutate({ kind: 'notes', notes }, done('Notes saved'))}>
          Save notes
        </Button>
        {request.status !== 'archived' && (
          <Button
            variant="secondary"
            onClick={() =>
              change.mutate(
                { kind: 'follow-up', done: !request.followed_up_at },
                done(request.followed_up_at ? 'Marked not followed up' : 'Marked followed up'),
              )
            }
          >
            {request.followed_up_at ? 'Not followed up yet' : 'Mark followed up'}
          </Button>
        )}
        {request.status !== 'archived' && (
          <Button variant="secondary" onClick={() => change.mutate({ kind: 'archive' }, done('Archived'))}>
            Archive
          </Button>
        )}
      </div>
      {change.isError && <Alert>That did not work. Please try again.</Alert>}
    </li>
  );
}
