import { Alert } from '../../../components/States';
import styles from './Security.module.css';

/** Shown once: the server keeps only their hashes. */
export function RecoveryCodesShown({ codes }: { codes: string[] }) {
  return (
    <div className={styles.card} aria-labelledby="recovery-codes-shown">
      <h2 id="recovery-codes-shown" className={styles.heading}>
        Your recovery codes
      </h2>
      <Alert tone="warning">
        Write these down or print them and keep them somewhere safe, away from your phone. Each code signs you in once
        if you lose your phone or passkey. They will not be shown again.
      </Alert>
      <ol className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </div>
  );
}
