import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow, shownRange } from './Pagination';

describe('the page window', () => {
  it('offers the current page and two either side', () => {
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
  });

  it('is cut at the first and last pages', () => {
    expect(pageWindow(1, 9)).toEqual([1, 2, 3]);
    expect(pageWindow(9, 9)).toEqual([7, 8, 9]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  it('counts pages and the rows shown on one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(12, 10)).toBe(2);
    expect(shownRange(2, 10, 12)).toEqual({ from: 11, to: 12 });
    expect(shownRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});
