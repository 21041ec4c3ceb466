import type { PollType } from '@gather/contracts';

/** One option's share of the devices that answered. */
export interface Bar {
  label: string;
  count: number;
  /** Whole percent of `total`; a `multi` poll's may add up to more than 100. */
  percent: number;
}

function percentOf(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

export function barsOf(labels: readonly string[], counts: readonly number[], total: number): Bar[] {
  return labels.map((label, index) => {
    const count = counts[index] ?? 0;
    return { label, count, percent: percentOf(count, total) };
  });
}

/** A rating's average as people say it: one decimal, "–" before anyone rated. */
export function formatAverage(average: number | null): string {
  return average === null ? '–' : average.toFixed(1);
}

export const answersLabel = (total: number) => `${total} ${total === 1 ? 'answer' : 'answers'}`;

/** A word of the cloud as drawn: `size` in em of the cloud's own type size, `tone` which of its colours. */
export interface CloudWord {
  word: string;
  count: number;
  size: number;
  tone: number;
}

/** So the cloud stays readable on a phone and quick to draw on a full room. */
export const CLOUD_WORDS_MOST = 40;
const SMALLEST = 1;
const LARGEST = 3;
const CLOUD_TONES = 5;

/**
 * The words sized by how many gave them (by area: the square root of the share of the most given), the most
 * given in the middle and the rest alternately either side of it. The same words always give the same cloud:
 * nothing random, so a cloud that grows does not jump about.
 */
export function cloudOf(words: ReadonlyArray<{ word: string; count: number }>): CloudWord[] {
  const ranked = [...words]
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word))
    .slice(0, CLOUD_WORDS_MOST);
  const most = ranked[0]?.count ?? 1;
  const sized = ranked.map(({ word, count }, rank) => ({
    word,
    count,
    size: Number((SMALLEST + (LARGEST - SMALLEST) * Math.sqrt(count / most)).toFixed(2)),
    tone: rank % CLOUD_TONES,
  }));
  const arranged: CloudWord[] = [];
  sized.forEach((word, rank) => (rank % 2 === 0 ? arranged.push(word) : arranged.unshift(word)));
  return arranged;
}

export const POLL_TYPE_LABELS: Record<PollType, string> = {
  choice: 'One choice',
  multi: 'Several choices',
  rating: 'Rating 1 to 5',
  words: 'Word cloud',
  text: 'Short answers',
};
