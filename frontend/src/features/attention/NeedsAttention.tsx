import { ATTENTION_ROLES, holdsRole, type StaffRole } from '@gather/contracts';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/States';
import { ATTENTION_ITEMS, useAttention } from './api';
import styles from './NeedsAttention.module.css';

/** What waits for staff, first thing on the dashboard: each count opens the list it counted; only their own work's. */
export function NeedsAttention({ roles }: { roles: readonly StaffRole[] }) {
  const items = ATTENTION_ITEMS.filter(({ kind }) => holdsRole(roles, [ATTENTION_ROLES[kind]]));
  const attention = useAttention();
  if (!items.length) return null;
  return (
    <section aria-labelledby="needs-attention" className={styles.section}>
      <h2 id="needs-attention" className={styles.heading}>
        Needs attention
      </h2>
      {attention.isError && <Alert>We couldn't load what needs attention. Please reload the page.</Alert>}
      <ul className={styles.items} aria-busy={attention.isPending}>
        {items.map(({ kind, label, to }) => {
          const count = attention.data?.[kind];
          return (
            <li key={kind}>
              <Link to={to} className={`${styles.item} ${count ? styles.waiting : ''}`} data-attention={kind}>
                <span className={styles.number}>{count ?? '–'}</span>
                <span>{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
