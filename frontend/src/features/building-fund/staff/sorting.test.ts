import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, orderingOf, toggleSort } from './sorting';

describe('pledge table sorting', () => {
  it('starts newest first', () => {
    expect(orderingOf(DEFAULT_SORT)).toBe('-created_at');
  });

  it('sorts a new column ascending, then toggles it', () => {
    const byName = toggleSort(DEFAULT_SORT, 'name');
    expect(orderingOf(byName)).toBe('name');
    expect(orderingOf(toggleSort(byName, 'name'))).toBe('-name');
    expect(orderingOf(toggleSort(toggleSort(byName, 'name'), 'name'))).toBe('name');
    expect(orderingOf(toggleSort(DEFAULT_SORT, 'created_at'))).toBe('created_at');
  });
});
