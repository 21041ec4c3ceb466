import type { StaffQuestion } from '@gather/contracts';
import { EmptyState } from '../../../components/States';
import { recentQuestions } from './ordering';
import { QuestionCard } from './QuestionCard';
import type { ModeratorActions } from './useModeratorActions';
import styles from './ModeratorPage.module.css';

/** The newest questions as they arrive, for a moderator watching the room. */
export function QuestionStream({ questions, actions }: { questions: StaffQuestion[]; actions: ModeratorActions }) {
  const recent = recentQuestions(questions);
  if (recent.length === 0) {
    return <EmptyState title="No Questions Found">Questions appear here the moment they are asked.</EmptyState>;
  }
  return (
    <section aria-label="Recent questions" className={styles.stream}>
      {recent.map((question) => (
        <QuestionCard key={question.id} question={question} actions={actions} variant="stream" />
      ))}
    </section>
  );
}
