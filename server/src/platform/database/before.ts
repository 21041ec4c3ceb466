import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/**
 * The row as it stands, for the activity log's "before": a delete keeps what it removed, an edit what it changed.
 * Undefined when there is no such row (the call then answers 404 and nothing is logged).
 */
export function rowBefore<P>(db: Database, table: PgTable, id: PgColumn, idOf: (params: P) => unknown = byId) {
  return async ({ params }: { params: P }): Promise<unknown> => {
    const [row] = await db
      .select()
      .from(table)
      .where(eq(id, idOf(params)))
      .limit(1);
    return row;
  };
}

/** The rows a bulk call names by `ids` in its body, as they stand. */
export function rowsBefore<B extends { ids: unknown[] }>(db: Database, table: PgTable, id: PgColumn) {
  return async ({ body }: { body: B }): Promise<unknown> => db.select().from(table).where(inArray(id, body.ids));
}

const byId = (params: unknown) => (params as { id: unknown }).id;
