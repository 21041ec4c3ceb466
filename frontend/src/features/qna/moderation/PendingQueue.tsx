import type { StaffQuestion } from '@gather/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { EmptyState } from '../../../components/States';
import { QuestionCard } from './QuestionCard';
import type { ModeratorActions } from './useModeratorActions';
import styles from './ModeratorPage.module.css';

/** Keys meant for something else: typed into a field, or pressed in a dialog (presentation mode, a confirmation). */
const meantElsewhere = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.closest('dialog') !== null);

/**
 * Questions waiting for review, oldest first, with Approve and Dismiss. From the keyboard: J and K
 * (or the arrow keys) pick a question, A approves it and D dismisses it.
 */
export function PendingQueue({ questions, actions }: { questions: StaffQuestion[]; actions: ModeratorActions }) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = questions.find((question) => question.id === selectedId) ?? questions[0] ?? null;

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!selected || event.ctrlKey || event.metaKey || event.altKey || meantElsewhere(event.target)) return;
    const at = questions.indexOf(selected);
    const key = event.key.toLowerCase();
    if (key === 'a') void actions.review(selected, 'approve');
    else if (key === 'd') void actions.review(selected, 'dismiss');
    else if (key === 'j' || key === 'arrowdown') setSelectedId(questions[Math.min(at + 1, questions.length - 1)]!.id);
    else if (key === 'k' || key === 'arrowup') setSelectedId(questions[Math.max(at - 1, 0)]!.id);
    else return;
    event.preventDefault();
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  if (questions.length === 0) {
    return <EmptyState title="No Questions Waiting">Questions held for review appear here.</EmptyState>;
  }
  return (
    <section aria-label="Pending questions">
      <p className={styles.shortcuts}>
        <kbd>A</kbd> approve · <kbd>D</kbd> dismiss · <kbd>J</kbd> / <kbd>K</kbd> next and previous
      </p>
      <div className={styles.stream}>
        {questions.map((question) => (
          <QuestionCard
            key={question.id}
            question={question}
            actions={actions}
            variant="review"
            selected={question.id === selected?.id}
          />
        ))}
      </div>
    </section>
  );
}
