import { AUDIENCE_SHOWN_QUESTIONS } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import type { ShownQuestion } from '../../../lib/live/cache';
import { useConnectionState } from '../../../lib/live/hooks';
import { AudienceQuestion } from './AudienceQuestion';
import styles from './QuestionSubmitPage.module.css';

type Order = 'popular' | 'recent';
const ORDERS: { value: Order; label: string }[] = [
  { value: 'popular', label: 'Popular' },
  { value: 'recent', label: 'Recent' },
];

/** Most votes first; among equals, the one asked first, which has waited longest. */
export function popularFirst(questions: readonly ShownQuestion[]): ShownQuestion[] {
  return [...questions].sort(
    (a, b) => b.votes - a.votes || Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id,
  );
}

/**
 * The session's questions the audience may see, in the order the visitor picks; live. One list: the newest
 * questions are this list under Recent, not a second list of the same questions. A phone holds the most voted and
 * the newest (AUDIENCE_LIST_QUESTIONS of each) and shows AUDIENCE_SHOWN_QUESTIONS at a time.
 */
export function AudienceQuestions({ sessionId, questions }: { sessionId: string; questions: ShownQuestion[] }) {
  const [order, setOrder] = useState<Order>('popular');
  const [showing, setShowing] = useState(AUDIENCE_SHOWN_QUESTIONS);
  const live = useConnectionState('audience') === 'connected';
  // The list arrives newest first.
  const ordered = order === 'popular' ? popularFirst(questions) : questions;
  const shown = ordered.slice(0, showing);
  return (
    <section className={styles.card} aria-labelledby="all-questions-title">
      <div className={styles.recentHeader}>
        <h2 id="all-questions-title" className={styles.cardTitle}>
          All Questions
        </h2>
        {live && (
          <span className={styles.live}>
            <span className={styles.liveDot} aria-hidden="true" />
            Live
          </span>
        )}
        <div className={styles.orders} role="group" aria-label="Order">
          {ORDERS.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              className={styles.order}
              aria-pressed={order === value}
              onClick={() => {
                setOrder(value);
                setShowing(AUDIENCE_SHOWN_QUESTIONS);
              }}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {shown.length === 0 ? (
        <p className={styles.muted}>No questions yet. Be the first to ask!</p>
      ) : (
        <ol
          className={styles.questions}
          aria-label={`Questions, ${order === 'popular' ? 'most votes' : 'newest'} first`}
        >
          {shown.map((question) => (
            <AudienceQuestion key={question.id} sessionId={sessionId} question={question} />
          ))}
        </ol>
      )}
      {ordered.length > shown.length && (
        <Button
          variant="secondary"
          size="sm"
          className={styles.more}
          onClick={() => setShowing((count) => count + AUDIENCE_SHOWN_QUESTIONS)}
        >
          Show more questions
        </Button>
      )}
    </section>
  );
}
