import { AUDIENCE_RECENT_QUESTIONS } from '@gather/contracts';
import type { ShownQuestion } from '../../../lib/live/cache';
import { useConnectionState } from '../../../lib/live/hooks';
import { AudienceQuestion } from './AudienceQuestion';
import styles from './QuestionSubmitPage.module.css';

/** The session's latest questions, newest first, as they arrive. */
export function RecentQuestions({
  sessionId,
  questions,
}: {
  sessionId: string;
  questions: ShownQuestion[] | undefined;
}) {
  const live = useConnectionState('audience') === 'connected';
  const recent = (questions ?? []).slice(0, AUDIENCE_RECENT_QUESTIONS);
  return (
    <section className={styles.card} aria-labelledby="recent-title">
      <div className={styles.recentHeader}>
        <h2 id="recent-title" className={styles.cardTitle}>
          Recent Questions
        </h2>
        {live && (
          <span className={styles.live}>
            <span className={styles.liveDot} aria-hidden="true" />
            Live
          </span>
        )}
      </div>
      {recent.length === 0 ? (
        <p className={styles.muted}>No questions yet. Be the first to ask!</p>
      ) : (
        <ol className={styles.questions} aria-live="polite">
          {recent.map((question) => (
            <AudienceQuestion key={question.id} sessionId={sessionId} question={question} />
          ))}
        </ol>
      )}
    </section>
  );
}
