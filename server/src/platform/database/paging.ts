import type { Page, PageQuery } from '@gather/contracts';
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from '../errors.js';

/**
 * Turns `ordering=-created_at` into an ORDER BY from the columns a list allows, refusing
 * anything else with a field error (an unknown column is never passed to SQL).
 */
export function orderingFor(
  ordering: string | undefined,
  columns: Record<string, AnyColumn | SQL>,
  fallback: string,
): SQL[] {
  const requested = ordering || fallback;
  const descending = requested.startsWith('-');
  const name = descending ? requested.slice(1) : requested;
  const column = columns[name];
  if (!column) {
    throw AppError.invalid({
      ordering: [`Cannot sort by "${name}". Sort by one of: ${Object.keys(columns).join(', ')}.`],
    });
  }
  const tieBreaker = columns.id;
  const order = [descending ? desc(column) : asc(column)];
  if (tieBreaker && name !== 'id') order.push(descending ? desc(tieBreaker) : asc(tieBreaker));
  return order;
}

/** `{count, next, previous, results}` with next/previous as links to the neighbouring pages of the same query. */
export function pageAnswer<T>(requestUrl: string, query: PageQuery, count: number, results: T[]): Page<T> {
  const link = (page: number) => {
    const url = new URL(requestUrl, 'http://gather.local');
    url.searchParams.set('page', String(page));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  return {
    count,
    next: query.page < lastPage ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(Math.min(query.page - 1, lastPage)) : null,
    results,
  };
}

export const offsetOf = (query: PageQuery) => (query.page - 1) * query.page_size;
