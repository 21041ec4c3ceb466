import { toPennies, type FundProgressLine } from '@gather/contracts';
import type { ReactNode } from 'react';
import { formatMoney } from '../lib/format';
import { useFundProgress } from '../lib/fund-progress';
import styles from './FundProgress.module.css';

/** Whole per cent of the goal, worked out in pennies; capped at 100 so a bar never overflows. */
function percentOf(amount: string, goal: string): number {
  return Math.min(100, Math.floor((toPennies(amount) * 100) / toPennies(goal)));
}

/** The building fund's progress, one bar per currency; nothing at all while staff keep it private. */
export function FundProgress({
  title = 'Building fund progress',
  className,
  children,
}: {
  title?: string;
  className?: string;
  /** Shown under the bars, only when they are. */
  children?: ReactNode;
}) {
  const progress = useFundProgress().data;
  if (!progress?.visible || progress.currencies.length === 0) return null;
  return (
    <div className={className}>
      <section className={styles.progress} aria-labelledby="fund-progress-title">
        <h2 id="fund-progress-title" className={styles.title}>
          {title}
        </h2>
        {progress.currencies.map((line) => (
          <ProgressLine key={line.currency} line={line} />
        ))}
        {children}
      </section>
    </div>
  );
}

export function ProgressLine({ line }: { line: FundProgressLine }) {
  const money = (amount: string) => formatMoney(amount, line.currency);
  const received = percentOf(line.received, line.goal);
  const pledged = percentOf(line.pledged, line.goal);
  const label = `${money(line.received)} received of ${money(line.goal)} goal; ${money(line.pledged)} pledged`;
  return (
    <div className={styles.line}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={`Building fund in ${line.currency}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={received}
        aria-valuetext={`${received}%: ${label}`}
      >
        <div className={styles.pledged} style={{ width: `${pledged}%` }} />
        <div className={styles.received} style={{ width: `${received}%` }} />
      </div>
      <dl className={styles.figures}>
        <div>
          <dt className={styles.receivedKey}>Received</dt>
          <dd>{money(line.received)}</dd>
        </div>
        <div>
          <dt className={styles.pledgedKey}>Pledged</dt>
          <dd>{money(line.pledged)}</dd>
        </div>
        <div>
          <dt>Goal</dt>
          <dd>{money(line.goal)}</dd>
        </div>
      </dl>
    </div>
  );
}
