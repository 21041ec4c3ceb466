import type { StaffPoll } from '@gather/contracts';
import { useEffect, useRef } from 'react';
import { pollOnScreen } from './on-screen';
import { JoinCode } from './JoinCode';
import { PollProjector } from './PollProjector';
import styles from './PollProjector.module.css';

/**
 * The session's polls full screen, dark, for the projector: each as it is launched, its results as they arrive.
 * Esc or Close goes back to the moderator's screen.
 */
interface PollPresentationProps {
  sessionId: string;
  polls: StaffPoll[];
  onClose: () => void;
}

export function PollPresentation({ sessionId, polls, onClose }: PollPresentationProps) {
  const poll = pollOnScreen(polls);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    element?.focus();
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className={styles.presentation}
      aria-label="Poll presentation"
      tabIndex={-1}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.top}>
        <button type="button" className={styles.close} onClick={onClose}>
          Close
        </button>
      </div>
      {poll ? (
        <PollProjector poll={poll} />
      ) : (
        <section className={styles.projector} aria-label="Poll on screen">
          <p className={styles.question}>The first poll will appear here.</p>
          <JoinCode sessionId={sessionId} />
        </section>
      )}
      <p className={styles.hints} aria-hidden="true">
        Esc close
      </p>
    </dialog>
  );
}
