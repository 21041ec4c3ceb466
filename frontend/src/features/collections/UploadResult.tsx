import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { RELOAD_AFTER_SECONDS } from './upload-rules';
import formCard from '../../components/FormCard.module.css';
import styles from './PhotoUploadPage.module.css';

/** The page reloads by itself a few seconds after a successful upload, unless the visitor stays for more. */
export function UploadSuccess({ count, onUploadMore }: { count: number; onUploadMore: () => void }) {
  const [secondsLeft, setSecondsLeft] = useState(RELOAD_AFTER_SECONDS);

  useEffect(() => {
    if (secondsLeft <= 0) {
      window.location.reload();
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1_000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  const { card, heading } = useShowResult();

  return (
    <section ref={card} className={`${formCard.card} ${styles.result}`} aria-labelledby="upload-success-title">
      <span className={`${styles.resultIcon} ${styles.resultSuccess}`} aria-hidden="true">
        ✓
      </span>
      <h2 id="upload-success-title" className={styles.resultTitle} tabIndex={-1} ref={heading}>
        Upload Successful
      </h2>
      <p>
        {count} {count === 1 ? 'file' : 'files'} uploaded
      </p>
      <p className={styles.muted}>
        The page will refresh in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}.
      </p>
      <div className={styles.resultActions}>
        <Button onClick={onUploadMore}>Upload More Files</Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Refresh Now
        </Button>
      </div>
    </section>
  );
}

export function UploadFailure({ onTryAgain }: { onTryAgain: () => void }) {
  const { card, heading } = useShowResult();
  return (
    <section ref={card} className={`${formCard.card} ${styles.result}`} aria-labelledby="upload-error-title">
      <span className={`${styles.resultIcon} ${styles.resultError}`} aria-hidden="true">
        !
      </span>
      <h2 id="upload-error-title" className={styles.resultTitle} tabIndex={-1} ref={heading}>
        Upload Error
      </h2>
      <p>Failed to upload files. Please try again.</p>
      <div className={styles.resultActions}>
        <Button onClick={onTryAgain}>Try Again</Button>
      </div>
    </section>
  );
}

/**
 * The result replaces the form the visitor was using, so it takes the focus (and is read out). The
 * form was taller: the visitor was left at the bottom, with the card above them or under the fixed
 * navbar, so the whole card is brought into view (below the navbar: see `.result`'s scroll margin).
 */
function useShowResult() {
  const card = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return { card, heading };
}
