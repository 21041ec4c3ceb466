import { cloudOf } from './tally';
import styles from './PollResults.module.css';

const TONES = [styles.tone0, styles.tone1, styles.tone2, styles.tone3, styles.tone4];

/** The words people gave, the most given the largest; each word is text, never markup. */
export function WordCloud({ words }: { words: ReadonlyArray<{ word: string; count: number }> }) {
  const cloud = cloudOf(words);
  if (cloud.length === 0) return <p className={styles.muted}>No words yet.</p>;
  return (
    <ul className={styles.cloud} aria-label="Word cloud">
      {cloud.map(({ word, count, size, tone }) => (
        <li key={word} className={`${styles.word} ${TONES[tone]}`} style={{ fontSize: `${size}em` }}>
          {word}
          <span className="visually-hidden"> ({count})</span>
        </li>
      ))}
    </ul>
  );
}
