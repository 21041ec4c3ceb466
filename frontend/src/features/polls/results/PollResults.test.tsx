import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PollResults } from './PollResults';
import { CLOUD_WORDS_MOST, cloudOf } from './tally';
import { WordCloud } from './WordCloud';

const results = (counts: number[], total: number) => ({ counts, total, average: null, words: [] });
const rows = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

describe('the results of a poll', () => {
  it("shows each option's count and its share of the answers, as a bar that long", () => {
    render(
      <PollResults poll={{ type: 'choice', options: ['Psalms', 'Acts', 'Ruth'] }} results={results([3, 1, 0], 4)} />,
    );
    expect(rows('Results')).toEqual(['Psalms3 · 75%', 'Acts1 · 25%', 'Ruth0 · 0%']);
    const bars = screen.getByRole('list', { name: 'Results' }).querySelectorAll<HTMLElement>('[aria-hidden] > span');
    expect([...bars].map((bar) => bar.style.width)).toEqual(['75%', '25%', '0%']);
    expect(screen.getByText('4 answers')).toBeTruthy();
  });

  it('gives several choices their share of the people who answered, so they may add up past 100%', () => {
    render(<PollResults poll={{ type: 'multi', options: ['Tea', 'Coffee'] }} results={results([2, 1], 2)} />);
    expect(rows('Results')).toEqual(['Tea2 · 100%', 'Coffee1 · 50%']);
  });

  it('shows nothing but zeros before anyone answers', () => {
    render(<PollResults poll={{ type: 'choice', options: ['Yes', 'No'] }} results={results([0, 0], 0)} />);
    expect(rows('Results')).toEqual(['Yes0 · 0%', 'No0 · 0%']);
    expect(screen.getByText('0 answers')).toBeTruthy();
  });

  it("shows a rating's average and how the ratings spread over the stars", () => {
    render(
      <PollResults
        poll={{ type: 'rating', options: ['1', '2', '3', '4', '5'] }}
        results={{ counts: [0, 0, 1, 1, 2], total: 4, average: 4.25, words: [] }}
      />,
    );
    expect(screen.getByText('4.3')).toBeTruthy();
    expect(screen.getByText(/out of 5 on average/)).toBeTruthy();
    expect(rows('Ratings')).toEqual(['1 ★0 · 0%', '2 ★0 · 0%', '3 ★1 · 25%', '4 ★1 · 25%', '5 ★2 · 50%']);
  });
});

describe('the word cloud', () => {
  const words = [
    { word: 'grace', count: 9 },
    { word: 'hope', count: 4 },
    { word: 'joy', count: 1 },
    { word: 'peace', count: 4 },
  ];

  it('draws the most given word largest, in the middle, and the same words always the same way', () => {
    render(<WordCloud words={words} />);
    const cloud = screen.getAllByRole('listitem');
    // Ranked grace, hope, peace (equal counts by the word), joy; then the rest alternately either side.
    expect(cloud.map((word) => word.firstChild?.textContent)).toEqual(['joy', 'hope', 'grace', 'peace']);
    const size = (word: string) => parseFloat(cloud.find((item) => item.textContent?.startsWith(word))!.style.fontSize);
    expect(size('grace')).toBe(3);
    expect(size('hope')).toBe(size('peace'));
    expect(size('hope')).toBeGreaterThan(size('joy'));
    expect(size('hope')).toBeLessThan(size('grace'));
    expect(size('joy')).toBeGreaterThanOrEqual(1);
    expect(cloudOf(words)).toEqual(cloudOf([...words].reverse()));
  });

  it('tells a screen reader how many gave each word', () => {
    render(<WordCloud words={words} />);
    expect(screen.getByRole('list', { name: 'Word cloud' }).textContent).toContain('grace (9)');
  });

  it('shows a word as the text it is, never as markup', () => {
    render(<WordCloud words={[{ word: '<img src=x onerror=alert(1)>', count: 2 }]} />);
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it(`keeps to the ${CLOUD_WORDS_MOST} most given words`, () => {
    const many = Array.from({ length: CLOUD_WORDS_MOST + 5 }, (_, index) => ({ word: `w${index}`, count: index + 1 }));
    render(<WordCloud words={many} />);
    const shown = screen.getAllByRole('listitem').map((word) => word.firstChild?.textContent);
    expect(shown).toHaveLength(CLOUD_WORDS_MOST);
    expect(shown).not.toContain('w0');
    expect(shown).toContain(`w${CLOUD_WORDS_MOST + 4}`);
  });

  it('says so while no words have come', () => {
    render(<WordCloud words={[]} />);
    expect(screen.getByText('No words yet.')).toBeTruthy();
  });
});
