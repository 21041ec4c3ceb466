import { AUDIENCE_RECENT_QUESTIONS, type AudienceQuestion } from '@gather/contracts';
import { Badge } from '../../../components/States';
import { useConnectionState } from '../../../lib/live/hooks';
import { timeAgo } from '../../../lib/format';
import { CATEGORY_LABELS } from './QuestionForm';
import styles from './QuestionSubmitPage.module.css';

/** The session's latest questions, newest first, as they arrive. */
export function RecentQuestions({ questions }: { questions: AudienceQuestion[] | undefined }) {
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
            <li key={question.id} className={styles.question}>
              <p className={styles.questionText}>{question.text}</p>
              <div className={styles.questionMeta}>
                <span>{question.name}</span>
                <Badge tone="indigo">{CATEGORY_LABELS[question.category]}</Badge>
                {/* A minute may pass between the server drawing the page and the browser taking it over. */}
                <time dateTime={question.timestamp} suppressHydrationWarning>
                  {timeAgo(question.timestamp)}
                </time>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
