import { useState } from 'react';
import { Button } from '../../../components/Button';
import { LoadingState } from '../../../components/States';
import { useStaffPollsRoom } from '../live';
import { PollPresentation } from '../projector/PollPresentation';
import { useSessionPolls } from './api';
import { PollFormModal } from './PollFormModal';
import { StaffPollCard } from './StaffPollCard';
import styles from './PollsPanel.module.css';

/** The session's polls on the moderator's screen: prepare, launch, close, reveal, and present them. */
export function PollsPanel({ sessionId }: { sessionId: string }) {
  useStaffPollsRoom(sessionId);
  const polls = useSessionPolls(sessionId);
  const [preparing, setPreparing] = useState(false);
  const [presenting, setPresenting] = useState(false);

  return (
    <section className={styles.panel} aria-labelledby="polls-title">
      <div className={styles.header}>
        <h2 id="polls-title" className={styles.title}>
          Polls
        </h2>
        <div className={styles.actions}>
          <Button size="sm" variant="secondary" onClick={() => setPresenting(true)}>
            Projector View
          </Button>
          <Button size="sm" onClick={() => setPreparing(true)}>
            New Poll
          </Button>
        </div>
      </div>
      {polls.isPending && <LoadingState text="Loading polls..." />}
      {polls.isError && <p className={styles.muted}>The polls could not be loaded.</p>}
      {polls.data?.length === 0 && (
        <p className={styles.muted}>No polls yet. Prepare one now and launch it when the room is ready.</p>
      )}
      {polls.data && polls.data.length > 0 && (
        <ol className={styles.list}>
          {polls.data.map((poll) => (
            <StaffPollCard key={poll.id} poll={poll} />
          ))}
        </ol>
      )}
      {preparing && <PollFormModal sessionId={sessionId} onClose={() => setPreparing(false)} />}
      {presenting && (
        <PollPresentation sessionId={sessionId} polls={polls.data ?? []} onClose={() => setPresenting(false)} />
      )}
    </section>
  );
}
