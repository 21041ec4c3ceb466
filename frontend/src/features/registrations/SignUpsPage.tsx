import type { RegistrationCounts, StaffRegistration, StaffUser } from '@gather/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, ButtonLink, DownloadButtonLink } from '../../components/Button';
import { useConfirm } from '../../components/Confirm';
import { SearchField } from '../../components/Field';
import { SectionHeader } from '../../components/StaffSection';
import staffPage from '../../components/StaffPage.module.css';
import { Alert, EmptyState, LoadingState } from '../../components/States';
import { useToast } from '../../components/Toast';
import { ApiError } from '../../lib/api';
import { useDebouncedValue } from '../../lib/debounce';
import { formatDateTime } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { mayUse } from '../../lib/staff-sections';
import { AddPersonModal } from './AddPersonModal';
import {
  exportUrl,
  useEvent,
  useEventRoom,
  useRegistrationAction,
  useRegistrations,
  useRegistrationSettings,
} from './api';
import { EmailModal } from './EmailModal';
import { SettingsModal } from './SettingsModal';
import { SignUpsTable } from './SignUpsTable';
import styles from './SignUpsPage.module.css';

type Open = 'settings' | 'add' | 'email' | null;

/** An event's sign-ups for staff: the counts, the list with its answers, changes by hand, the export and mail. */
export function SignUpsPage() {
  const eventId = Number(useParams().eventId);
  const event = useEvent(eventId);
  const settings = useRegistrationSettings(eventId);
  const [search, setSearch] = useState('');
  const list = useRegistrations(eventId, useDebouncedValue(search, 250));
  useEventRoom(eventId);
  const [open, setOpen] = useState<Open>(null);
  const change = useRegistrationAction(eventId);
  const confirm = useConfirm();
  const toast = useToast();
  // RequireStaff has read who is signed in before the page draws.
  const roles = useQueryClient().getQueryData<StaffUser | null>(queryKeys.auth.me())?.roles;

  const act = async (row: StaffRegistration, action: 'cancel' | 'confirm') => {
    if (action === 'cancel') {
      const yes = await confirm({
        title: `Cancel ${row.name}'s sign-up?`,
        message: 'Their places go to the waiting list, in order.',
        confirmLabel: 'Cancel sign-up',
        tone: 'danger',
      });
      if (!yes) return;
    }
    change.mutate(
      { id: row.id, action },
      {
        onSuccess: () => toast.success(action === 'cancel' ? 'Sign-up cancelled.' : `${row.name} has a place.`),
        onError: (error) => toast.error(error instanceof ApiError && error.detail ? error.detail : 'Please try again.'),
      },
    );
  };

  const title = event.data ? `Sign-ups: ${event.data.title}` : 'Sign-ups';
  return (
    <div className={staffPage.page}>
      <SectionHeader title={title} description={event.data ? formatDateTime(event.data.date) : undefined}>
        <Button variant="secondary" onClick={() => setOpen('settings')} disabled={!settings.data}>
          Sign-up settings
        </Button>
        <ButtonLink to={`/admin/events/${eventId}/check-in`}>Check-in</ButtonLink>
      </SectionHeader>
      {(event.isError || settings.isError) && <Alert>We couldn't load this event's sign-ups.</Alert>}
      {settings.data && !settings.data.enabled && (
        <Alert tone="info">
          This event does not take sign-ups: its page shows its own button. Turn them on in Sign-up settings.
        </Alert>
      )}
      {list.data && <Counts counts={list.data.counts} />}
      <div className={`${staffPage.controls} ${styles.controls}`}>
        <SearchField hint="Part of a name or an e-mail address" value={search} onSearch={setSearch} />
        <div className={styles.controlButtons}>
          <Button variant="secondary" onClick={() => setOpen('add')} disabled={!settings.data}>
            Add someone
          </Button>
          <DownloadButtonLink variant="secondary" href={exportUrl(eventId)}>
            Download CSV
          </DownloadButtonLink>
          {mayUse(roles, ['mail']) && (
            <Button variant="secondary" onClick={() => setOpen('email')}>
              E-mail everyone
            </Button>
          )}
        </div>
      </div>
      {list.isPending ? (
        <LoadingState text="Loading sign-ups..." />
      ) : list.isError ? (
        <Alert>We couldn't load the sign-ups.</Alert>
      ) : list.data.registrations.length === 0 ? (
        <EmptyState title={search ? 'Nobody found' : 'Nobody has signed up yet'} />
      ) : (
        <SignUpsTable
          registrations={list.data.registrations}
          questions={settings.data?.questions ?? []}
          onCancel={(row) => void act(row, 'cancel')}
          onConfirm={(row) => void act(row, 'confirm')}
        />
      )}
      {open === 'settings' && settings.data && (
        <SettingsModal eventId={eventId} settings={settings.data} onClose={() => setOpen(null)} />
      )}
      {open === 'add' && settings.data && (
        <AddPersonModal eventId={eventId} settings={settings.data} onClose={() => setOpen(null)} />
      )}
      {open === 'email' && (
        <EmailModal eventId={eventId} eventTitle={event.data?.title ?? ''} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}

function Counts({ counts }: { counts: RegistrationCounts }) {
  const shown: [string, string | number][] = [
    ['Places taken', `${counts.places_taken} of ${counts.capacity}`],
    ['Confirmed', counts.confirmed],
    ['Waiting list', counts.waitlisted + counts.offered],
    ['Checked in', counts.checked_in],
    ['Cancelled', counts.cancelled],
  ];
  return (
    <dl className={styles.counts} aria-live="polite" aria-label="Sign-up counts">
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
