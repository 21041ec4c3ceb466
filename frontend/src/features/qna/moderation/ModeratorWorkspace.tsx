import type { StaffQuestion } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useToast } from '../../../components/Toast';
import { NO_FILTERS, pendingQuestions, presentationQueue, type QuestionFilters } from './ordering';
import { PendingQueue } from './PendingQueue';
import { PresentationOverlay } from './PresentationOverlay';
import { QuestionManager } from './QuestionManager';
import { QuestionStream } from './QuestionStream';
import { useModeratorActions } from './useModeratorActions';
import { usePresentation } from './usePresentation';
import styles from './ModeratorPage.module.css';

type View = 'stream' | 'manage' | 'pending';

/** Review, the two ways of seeing the questions, and presentation mode. */
export function ModeratorWorkspace({ sessionId, questions }: { sessionId: string; questions: StaffQuestion[] }) {
  const toast = useToast();
  const actions = useModeratorActions(sessionId);
  const [reviewing, setReviewing] = useState(false);
  const [view, setView] = useState<View>('stream');
  const [filters, setFilters] = useState<QuestionFilters>(NO_FILTERS);
  const queue = presentationQueue(questions, actions.priority);
  const pending = pendingQuestions(questions);
  const presentation = usePresentation(queue, actions);

  if (!reviewing) {
    return (
      <section className={styles.start}>
        <h2>Ready when you are</h2>
        <p>Questions arrive here live. Start the review to read, order and answer them.</p>
        <Button
          size="lg"
          onClick={() => {
            setReviewing(true);
            toast.success('Question review mode started');
          }}
        >
          Start Question Review
        </Button>
      </section>
    );
  }

  return (
    <>
      <div className={styles.viewBar}>
        <div className={styles.tabs} role="group" aria-label="View">
          <Button
            size="sm"
            variant={view === 'stream' ? 'primary' : 'ghost'}
            aria-pressed={view === 'stream'}
            onClick={() => setView('stream')}
          >
            Recent
          </Button>
          <Button
            size="sm"
            variant={view === 'manage' ? 'primary' : 'ghost'}
            aria-pressed={view === 'manage'}
            onClick={() => setView('manage')}
          >
            Manage
          </Button>
          <Button
            size="sm"
            variant={view === 'pending' ? 'primary' : 'ghost'}
            aria-pressed={view === 'pending'}
            onClick={() => setView('pending')}
          >
            Pending ({pending.length})
          </Button>
        </div>
        <Button onClick={() => presentation.start()} disabled={queue.length === 0}>
          Present
        </Button>
      </div>
      {view === 'stream' && <QuestionStream questions={questions} actions={actions} />}
      {view === 'manage' && (
        <QuestionManager questions={questions} filters={filters} onFiltersChange={setFilters} actions={actions} />
      )}
      {view === 'pending' && <PendingQueue questions={pending} actions={actions} />}
      {presentation.open && (
        <PresentationOverlay
          sessionId={sessionId}
          question={presentation.current}
          position={presentation.position}
          count={queue.length}
          busy={presentation.busy}
          onMove={presentation.move}
          onSkip={() => void presentation.skip()}
          onAnswer={() => void presentation.answer()}
          onClose={presentation.close}
        />
      )}
    </>
  );
}
