import type { PollType, PublicPollResults } from '@gather/contracts';
import { PollBars } from './PollBars';
import { RatingResult } from './RatingResult';
import { answersLabel } from './tally';
import { WordCloud } from './WordCloud';
import styles from './PollResults.module.css';

interface PollResultsProps {
  poll: { type: PollType; options: readonly string[] };
  results: Pick<PublicPollResults, 'total' | 'counts' | 'average' | 'words'>;
}

/** A poll's results as its type shows them; a text poll's answers are read by staff, so only counted here. */
export function PollResults({ poll, results }: PollResultsProps) {
  return (
    <div className={styles.results}>
      <p className={styles.total} aria-live="polite">
        {answersLabel(results.total)}
      </p>
      {(poll.type === 'choice' || poll.type === 'multi') && (
        <PollBars label="Results" options={poll.options} counts={results.counts} total={results.total} />
      )}
      {poll.type === 'rating' && (
        <RatingResult counts={results.counts} average={results.average} total={results.total} />
      )}
      {poll.type === 'words' && <WordCloud words={results.words} />}
    </div>
  );
}
