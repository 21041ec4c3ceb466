import { Badge } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import type { ShownQuestion } from '../../../lib/live/cache';
import { timeAgo } from '../../../lib/format';
import { useVote } from './api';
import { CATEGORY_LABELS } from './QuestionForm';
import styles from './QuestionSubmitPage.module.css';

/** One question on the submit page, with its vote button (its asker's own waiting question has none yet). */
export function AudienceQuestion({ sessionId, question }: { sessionId: string; question: ShownQuestion }) {
  return (
    <li className={styles.question}>
      <div className={styles.questionBody}>
        <p className={styles.questionText}>{question.text}</p>
        <div className={styles.questionMeta}>
          <span>{question.name}</span>
          <Badge tone="indigo">{CATEGORY_LABELS[question.category]}</Badge>
          {question.waiting && <Badge tone="orange">Waiting for approval</Badge>}
          {question.answered && <Badge tone="green">Answered</Badge>}
          {/* A minute may pass between the server drawing the page and the browser taking it over. */}
          <time dateTime={question.timestamp} suppressHydrationWarning>
            {timeAgo(question.timestamp)}
          </time>
        </div>
      </div>
      {!question.waiting && <VoteButton sessionId={sessionId} question={question} />}
    </li>
  );
}

function VoteButton({ sessionId, question }: { sessionId: string; question: ShownQuestion }) {
  const vote = useVote(sessionId);
  const toast = useToast();
  return (
    <button
      type="button"
      className={styles.vote}
      aria-pressed={question.voted}
      aria-label={`Vote for this question (${question.votes} ${question.votes === 1 ? 'vote' : 'votes'})`}
      title={question.voted ? 'Tap again to take your vote back' : undefined}
      disabled={vote.isPending}
      onClick={() =>
        vote.mutate(question, { onError: () => toast.error('Your vote could not be counted. Please try again.') })
      }
    >
      <span aria-hidden="true">▲</span>
      <span className={styles.voteCount}>{question.votes}</span>
    </button>
  );
}
