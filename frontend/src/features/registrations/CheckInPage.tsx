import type { CheckInAnswer } from '@gather/contracts';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/Button';
import { SearchField } from '../../components/Field';
import { SectionHeader } from '../../components/StaffSection';
import { ApiError } from '../../lib/api';
import staffPage from '../../components/StaffPage.module.css';
import { useEvent, useEventRoom, useRegistrations } from './api';
import { newCheckIn, pendingCheckIns, replayCheckIns, sendCheckIn } from './check-in-queue';
import { doorList, type DoorPerson } from './door-list';
import { startScanner } from './scanner';
import styles from './CheckInPage.module.css';

type Notice = { tone: 'done' | 'warn' | 'wait'; text: string };

/** The door: scan a ticket or find a name, one tap to check in, arrivals against places, live on every phone. */
export function CheckInPage() {
  const eventId = Number(useParams().eventId);
  const event = useEvent(eventId);
  const [search, setSearch] = useState('');
  const list = useRegistrations(eventId, '');
  useEventRoom(eventId);
  const [notice, setNotice] = useState<Notice>();
  const [pending, setPending] = useState(() => pendingCheckIns(eventId));
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const replay = async () => {
      const sent = await replayCheckIns(eventId);
      setPending(pendingCheckIns(eventId));
      if (sent > 0) void list.refetch();
    };
    window.addEventListener('online', replay);
    const timer = window.setInterval(replay, 15_000);
    void replay();
    return () => {
      window.removeEventListener('online', replay);
      window.clearInterval(timer);
    };
    // One replay loop per event: the list it refreshes is not a reason to start another.
  }, [eventId]);

  async function checkIn(fields: { ticket?: string; registration_id?: number }) {
    try {
      const answer = await sendCheckIn(eventId, newCheckIn(fields));
      setPending(pendingCheckIns(eventId));
      setNotice(
        answer ? noticeOf(answer) : { tone: 'wait', text: 'No connection: kept on this phone, sent when back.' },
      );
      if (answer) void list.refetch();
    } catch (error) {
      const detail = error instanceof ApiError ? error.detail : undefined;
      setNotice({ tone: 'warn', text: detail ?? 'Could not check in.' });
      setPending(pendingCheckIns(eventId));
    }
  }

  useEffect(() => {
    if (!scanning || !video.current) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    startScanner(video.current, (ticket) => void checkIn({ ticket }))
      .then((stopper) => {
        // Scanning was stopped while the camera was still opening: close it at once.
        if (stopped) stopper();
        else stop = stopper;
      })
      .catch(() => {
        if (stopped) return;
        setNotice({ tone: 'warn', text: 'The camera could not be opened: find the name instead.' });
        setScanning(false);
      });
    return () => {
      stopped = true;
      stop?.();
    };
    // The camera restarts only when scanning starts or stops.
  }, [scanning]);

  const counts = list.data?.counts;
  const people = doorList(list.data?.registrations ?? [], search, pending);
  const waiting = pending.length;
  return (
    <div className={staffPage.page}>
      <SectionHeader
        title={event.data ? `Check-in: ${event.data.title}` : 'Check-in'}
        description="Scan a ticket or find a name."
      >
        <ButtonLink variant="secondary" to={`/admin/events/${eventId}/registrations`}>
          Sign-ups
        </ButtonLink>
      </SectionHeader>
      <p className={styles.counts} aria-live="polite" data-testid="arrivals">
        {counts ? `${counts.arrived} of ${counts.places_taken} arrived` : '…'}
      </p>
      {waiting > 0 && (
        <p className={styles.wait}>{waiting === 1 ? '1 check-in' : `${waiting} check-ins`} waiting to be sent</p>
      )}
      {notice && (
        <p role="status" className={styles[notice.tone]}>
          {notice.text}
        </p>
      )}
      <Button variant={scanning ? 'secondary' : undefined} onClick={() => setScanning(!scanning)}>
        {scanning ? 'Stop scanning' : 'Scan tickets'}
      </Button>
      {scanning && <video ref={video} className={styles.video} muted playsInline aria-label="Camera" />}
      <SearchField label="Find a name" hint="Part of a name or an e-mail address" value={search} onSearch={setSearch} />
      <ul className={styles.people}>
        {people.map((person) => (
          <Person
            key={person.row.id}
            person={person}
            onCheckIn={() => void checkIn({ registration_id: person.row.id })}
          />
        ))}
      </ul>
    </div>
  );
}

function Person({ person: { row, waiting }, onCheckIn }: { person: DoorPerson; onCheckIn: () => void }) {
  return (
    <li className={styles.person}>
      <span className={styles.name}>
        {row.name} <small>({row.party})</small>
      </span>
      {row.checked_in_at ? (
        <span className={styles.done}>Checked in</span>
      ) : waiting ? (
        <span className={styles.wait}>Checked in on this phone, to send</span>
      ) : (
        <Button size="sm" onClick={onCheckIn}>
          Check in<span className="visually-hidden"> {row.name}</span>
        </Button>
      )}
    </li>
  );
}

function noticeOf(answer: CheckInAnswer): Notice {
  const who = `${answer.registration.name} (${answer.registration.party})`;
  return answer.outcome === 'checked_in'
    ? { tone: 'done', text: `Checked in: ${who}` }
    : { tone: 'warn', text: `Already checked in: ${who}. This ticket was scanned before.` };
}
