import type { StaffQuestion } from '@gather/contracts';
import { Suspense, useEffect, useEffectEvent } from 'react';
import { truncate } from '../../../lib/format';
import { useQnaPanels } from '../../../lib/qna-panels';
import { useScreenDialog } from '../../../lib/screen-dialog';
import { PRESENTATION_TEXT_MAX } from './ordering';
import styles from './PresentationOverlay.module.css';

interface PresentationOverlayProps {
  sessionId: string;
  question: StaffQuestion | null;
  position: number;
  count: number;
  busy: boolean;
  onMove: (step: 1 | -1) => void;
  onSkip: () => void;
  onAnswer: () => void;
  onClose: () => void;
}

/** The question on the big screen at the front: dark, very large type, driven from the keyboard. */
export function PresentationOverlay(props: PresentationOverlayProps) {
  const { sessionId, question, position, count, busy, onMove, onSkip, onAnswer, onClose } = props;
  const { Projector } = useQnaPanels();
  const overlay = useScreenDialog();

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
    else if (event.key === 'ArrowRight' || event.key === 'ArrowDown') onMove(1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') onMove(-1);
    else return;
    event.preventDefault();
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const onScreen = question ? (
    <figure className={styles.question} aria-live="polite">
      <blockquote className={styles.text}>{truncate(question.text, PRESENTATION_TEXT_MAX)}</blockquote>
      <figcaption className={styles.asker}>
        {question.name} <span className={styles.category}>· {question.category}</span>
        <span className={styles.votes}>
          · {question.votes} {question.votes === 1 ? 'vote' : 'votes'}
        </span>
      </figcaption>
    </figure>
  ) : (
    <p className={styles.text}>Waiting for questions…</p>
  );

  return (
    <dialog
      ref={overlay}
      className={styles.overlay}
      aria-label="Presentation mode"
      tabIndex={-1}
      // Esc is already handled with the arrow keys; the browser's own closing would skip onClose.
      onCancel={(event) => event.preventDefault()}
    >
      <div className={styles.top}>
        <span>{count > 0 ? `Question ${position} of ${count}` : 'No questions waiting'}</span>
        <button type="button" className={styles.close} onClick={onClose}>
          Close
        </button>
      </div>
      {/* A session's open poll, when it has one, takes the question's place on the screen. */}
      {Projector ? (
        <Suspense fallback={onScreen}>
          <Projector sessionId={sessionId}>{onScreen}</Projector>
        </Suspense>
      ) : (
        onScreen
      )}
      <div className={styles.controls}>
        <button type="button" className={styles.control} onClick={() => onMove(-1)} disabled={count < 2}>
          Previous
        </button>
        <button type="button" className={styles.control} onClick={onSkip} disabled={!question || busy}>
          Skip
        </button>
        <button
          type="button"
          className={`${styles.control} ${styles.primary}`}
          onClick={onAnswer}
          disabled={!question || busy}
        >
          Mark as answered
        </button>
        <button type="button" className={styles.control} onClick={() => onMove(1)} disabled={count < 2}>
          Next
        </button>
      </div>
      <p className={styles.hints} aria-hidden="true">
        ← → move · Esc close
      </p>
    </dialog>
  );
}
