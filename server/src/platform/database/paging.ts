import type { Page, PageQuery } from '@gather/contracts';
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';
import { AppError } from '../errors.js';

/** Rows of one page of a staff list, and how many rows match in all. */
export interface Found<Row> {
  count: number;
  rows: Row[];
}

/** The columns a list may be sorted by, `id` always among them as the tie-breaker. */
export type Sortable<Names extends readonly string[]> = Record<Names[number] | 'id', AnyColumn | SQL>;

/** Names sort as people read them, not capitals first. */
export const caseless = (column: AnyColumn) => sql`lower(${column})`;

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

/** One page of a table's rows matching `where` in `order`, and how many rows match in all. */
export async function pageOf<T extends PgTable>(
  db: Database,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  query: PageQuery,
): Promise<Found<T['$inferSelect']>> {
  const [count, rows] = await Promise.all([
    db.$count(table, where),
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset(offsetOf(query)),
  ]);
  return { count, rows: rows as T['$inferSelect'][] };
}
