import { useAudiencePollRoom } from '../live';
import { PollResults } from '../results/PollResults';
import { useActivePoll } from './api';
import { ChoiceAnswer } from './ChoiceAnswer';
import { TextAnswer } from './TextAnswer';
import styles from './AudiencePoll.module.css';

/**
 * The session's live poll on a visitor's question page: it appears when staff open it, takes this phone's
 * answer (changeable while open), says when it closed, and shows the results once staff reveal them, live.
 */
export function AudiencePoll({ sessionId }: { sessionId: string }) {
  useAudiencePollRoom(sessionId);
  const poll = useActivePoll(sessionId).data?.poll;
  if (!poll) return null;
  const open = poll.status === 'open';
  return (
    <section className={styles.card} aria-label="Live poll">
      <div className={styles.head}>
        <p className={styles.eyebrow}>Live poll</p>
        {!open && <p className={styles.closed}>Poll closed</p>}
      </div>
      <h2 className={styles.question}>{poll.question}</h2>
      {poll.type === 'words' || poll.type === 'text' ? (
        <TextAnswer key={poll.id} sessionId={sessionId} poll={poll} />
      ) : (
        <ChoiceAnswer key={poll.id} sessionId={sessionId} poll={poll} />
      )}
      {poll.revealed && poll.results ? (
        <PollResults poll={poll} results={poll.results} />
      ) : (
        !open && <p className={styles.note}>Thank you. The results will be shown here when they are revealed.</p>
      )}
    </section>
  );
}
