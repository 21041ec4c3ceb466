import { useState } from 'react';
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
 * Every question of the session the audience may see, in the order the visitor picks; live. One list: the
 * newest questions are this list under Recent, not a second list of the same questions.
 */
export function AudienceQuestions({ sessionId, questions }: { sessionId: string; questions: ShownQuestion[] }) {
  const [order, setOrder] = useState<Order>('popular');
  const live = useConnectionState('audience') === 'connected';
  // The list arrives newest first.
  const shown = order === 'popular' ? popularFirst(questions) : questions;
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
              onClick={() => setOrder(value)}
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
    </section>
  );
}
