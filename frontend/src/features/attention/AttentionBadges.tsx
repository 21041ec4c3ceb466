import type { Attention } from '@gather/contracts';
import { ATTENTION_ITEMS, type AttentionKind } from './api';
import styles from './AttentionBadges.module.css';

/** Counts that are late or failing, rather than merely new, stand out. */
const URGENT: ReadonlySet<AttentionKind> = new Set(['pledges_overdue', 'campaigns_with_failures']);

/**
 * A sidebar link's counts of what waits behind it; none while nothing does. The number is read
 * with its meaning ("3 unread"), so the link says it too.
 */
export function AttentionBadges({ kinds, counts }: { kinds: readonly AttentionKind[]; counts?: Attention }) {
  const waiting = ATTENTION_ITEMS.filter(({ kind }) => kinds.includes(kind) && (counts?.[kind] ?? 0) > 0);
  if (!counts || waiting.length === 0) return null;
  // The spaces and commas keep the link's name readable: "Building Fund 2 overdue, 1 due this week".
  return (
    <>
      {' '}
      <span className={styles.badges}>
        {waiting.map(({ kind, badge }, index) => (
          <span
            key={kind}
            className={`${styles.badge} ${URGENT.has(kind) ? styles.urgent : ''}`}
            title={`${counts[kind]} ${badge}`}
            data-attention={kind}
          >
            {counts[kind]}
            <span className="visually-hidden">
              {' '}
              {badge}
              {index < waiting.length - 1 ? ', ' : ''}
            </span>
          </span>
        ))}
      </span>
    </>
  );
}
