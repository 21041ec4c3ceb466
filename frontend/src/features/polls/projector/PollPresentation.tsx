import type { StaffPoll } from '@gather/contracts';
import { useEffect, useRef } from 'react';
import { PollProjector } from './PollProjector';
import styles from './PollProjector.module.css';

/** One poll full screen, dark, for the projector; Esc or Close goes back to the moderator's screen. */
export function PollPresentation({ poll, onClose }: { poll: StaffPoll; onClose: () => void }) {
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
      <PollProjector poll={poll} />
      <p className={styles.hints} aria-hidden="true">
        Esc close
      </p>
    </dialog>
  );
}
