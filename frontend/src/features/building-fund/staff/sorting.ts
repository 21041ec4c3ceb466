export type SortField = 'name' | 'email' | 'total_pledge' | 'payment_amount' | 'pay_by_date' | 'created_at';

export interface Sort {
  field: SortField;
  direction: 'asc' | 'desc';
}

/** Newest pledges first until staff choose otherwise. */
export const DEFAULT_SORT: Sort = { field: 'created_at', direction: 'desc' };

/** The same column again turns the order round; a new column starts ascending. */
export function toggleSort(current: Sort, field: SortField): Sort {
  if (current.field !== field) return { field, direction: 'asc' };
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** The API's `ordering` parameter: `-field` for descending. */
export const orderingOf = (sort: Sort) => (sort.direction === 'desc' ? `-${sort.field}` : sort.field);
