import type { StaffPollResults } from '@gather/contracts';
import { Button } from '../../../components/Button';
import { Badge } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { useShowAnswer } from './api';
import styles from './PollsPanel.module.css';

interface TextAnswersProps {
  sessionId: string;
  pollId: string;
  results: StaffPollResults;
  /** A text poll's answers can go on the screen; a words poll's are listed so staff see what the filter held. */
  showable: boolean;
}

/** Every answer, newest first; what the word filter held is marked, and never offered for the screen. */
export function TextAnswers({ sessionId, pollId, results, showable }: TextAnswersProps) {
  const toast = useToast();
  const showAnswer = useShowAnswer(sessionId, pollId);
  if (results.answers.length === 0) return <p className={styles.muted}>No answers yet.</p>;
  const toggle = (answerId: number, show: boolean) =>
    showAnswer.mutate(
      { answerId, show },
      { onError: () => toast.error(show ? 'The answer could not be shown.' : 'The answer could not be hidden.') },
    );
  return (
    <ol className={styles.answers} aria-label="Answers">
      {results.answers.map((answer) => {
        const shown = results.shown_answer_id === answer.id;
        return (
          <li key={answer.id} className={styles.answerRow}>
            <span className={answer.held ? styles.heldText : undefined}>{answer.text}</span>
            {answer.held && <Badge tone="orange">Held by the word filter</Badge>}
            {shown && <Badge tone="teal">On screen</Badge>}
            {showable && !answer.held && (
              <Button
                size="sm"
                variant={shown ? 'secondary' : 'ghost'}
                disabled={showAnswer.isPending}
                onClick={() => toggle(answer.id, !shown)}
              >
                {shown ? 'Hide' : 'Show on screen'}
              </Button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
