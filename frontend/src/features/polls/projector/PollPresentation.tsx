import type { StaffPoll } from '@gather/contracts';
import { useScreenDialog } from '../../../lib/screen-dialog';
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
  const dialog = useScreenDialog();
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
