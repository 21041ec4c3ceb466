import { barsOf } from './tally';
import styles from './PollResults.module.css';

interface PollBarsProps {
  label: string;
  options: readonly string[];
  counts: readonly number[];
  total: number;
}

/** One bar per option: its share of the devices that answered, with the count and the percentage. */
export function PollBars({ label, options, counts, total }: PollBarsProps) {
  return (
    <ol className={styles.bars} aria-label={label}>
      {barsOf(options, counts, total).map((bar, index) => (
        <li key={index} className={styles.bar}>
          <span className={styles.barLabel}>{bar.label}</span>
          <span className={styles.barValue}>
            {bar.count} · {bar.percent}%
          </span>
          <span className={styles.track} aria-hidden="true">
            <span className={styles.fill} style={{ width: `${bar.percent}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}
