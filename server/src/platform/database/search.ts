import { ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Rows where any of the columns contains the staff's search text, ignoring case. The text's
 * own % and _ are escaped, so "100%" finds "100%" rather than matching everything.
 */
export function containing(search: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}
