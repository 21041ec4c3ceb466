import { RATING_OPTIONS } from '@gather/contracts';
import { PollBars } from './PollBars';
import { formatAverage } from './tally';
import styles from './PollResults.module.css';

const STAR_LABELS = RATING_OPTIONS.map((option) => `${option} ★`);

/** A rating's average, and how the answers spread over the five stars. */
export function RatingResult({ counts, average, total }: { counts: number[]; average: number | null; total: number }) {
  return (
    <div className={styles.rating}>
      <p className={styles.average}>
        <span className={styles.averageValue}>{formatAverage(average)}</span>
        <span className={styles.averageOf}> out of 5 on average</span>
      </p>
      <PollBars label="Ratings" options={STAR_LABELS} counts={counts} total={total} />
    </div>
  );
}
