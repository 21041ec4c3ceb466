import type { ReactNode } from 'react';
import styles from './States.module.css';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className={styles.spinner} role="progressbar" aria-label={label} />;
}

export function LoadingState({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className={styles.loading} role="status">
      <Spinner label={text} />
      <span>{text}</span>
    </div>
  );
}

export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      {icon && (
        <div className={styles.emptyIcon} aria-hidden="true">
          {icon}
        </div>
      )}
      <h3 className={styles.emptyTitle}>{title}</h3>
      {children && <div className={styles.emptyText}>{children}</div>}
    </div>
  );
}

/** A message that stays on the page (a failed load, a failed send), read out when it appears. */
export function Alert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'success' | 'info' | 'warning';
  children: ReactNode;
}) {
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export type BadgeTone = 'indigo' | 'teal' | 'grey' | 'coral' | 'purple' | 'orange' | 'green';

export function Badge({ tone = 'indigo', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[`badge-${tone}`]}`}>{children}</span>;
}
