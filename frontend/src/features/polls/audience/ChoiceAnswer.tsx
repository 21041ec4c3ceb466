import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useAnswerPoll } from './api';
import { AnswerError, AnswerTaken, type ShownPoll } from './AnswerNotes';
import styles from './AudiencePoll.module.css';

/**
 * Options to tap: a `choice` or a `rating` is sent at the tap; a `multi` poll's taps pick, and Send sends them.
 * The phone's answer stays marked, and another tap changes it while the poll is open.
 */
export function ChoiceAnswer({ sessionId, poll }: { sessionId: string; poll: ShownPoll }) {
  const answer = useAnswerPoll(sessionId, poll.id);
  const mine = poll.my_answer?.choices ?? [];
  const [picked, setPicked] = useState<number[]>(mine);
  const open = poll.status === 'open';
  const several = poll.type === 'multi';
  const chosen = several ? picked : mine;

  const tap = (position: number) => {
    if (!several) return answer.mutate({ choices: [position] });
    setPicked((current) =>
      current.includes(position)
        ? current.filter((other) => other !== position)
        : [...current, position].sort((a, b) => a - b),
    );
  };

  return (
    <div className={styles.answer}>
      <div
        className={poll.type === 'rating' ? styles.stars : styles.options}
        role="group"
        aria-label={several ? 'Choose one or more' : poll.type === 'rating' ? 'Your rating' : 'Choose one'}
      >
        {poll.options.map((option, position) => (
          <button
            key={position}
            type="button"
            className={poll.type === 'rating' ? styles.star : styles.option}
            aria-pressed={chosen.includes(position)}
            aria-label={poll.type === 'rating' ? `${option} ${option === '1' ? 'star' : 'stars'}` : undefined}
            disabled={!open || answer.isPending}
            onClick={() => tap(position)}
          >
            {poll.type === 'rating' ? (
              <span aria-hidden="true">{position <= Math.max(-1, ...chosen) ? '★' : '☆'}</span>
            ) : (
              option
            )}
          </button>
        ))}
      </div>
      {several && open && (
        <Button
          onClick={() => answer.mutate({ choices: picked })}
          disabled={picked.length === 0}
          busy={answer.isPending}
          busyText="Sending..."
        >
          {poll.my_answer ? 'Change answer' : 'Send answer'}
        </Button>
      )}
      {answer.error && <AnswerError error={answer.error} field="choices" />}
      {poll.my_answer && !answer.isPending && <AnswerTaken open={open} />}
    </div>
  );
}
