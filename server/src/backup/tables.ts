import type pg from 'pg';

/** A table of Gather's schema and the columns a COPY writes (generated ones are computed, never copied). */
export interface TableShape {
  name: string;
  columns: string[];
}

export async function listTables(client: pg.ClientBase): Promise<TableShape[]> {
  const answer = await client.query<{ name: string; columns: string[] }>(`
    select c.table_name as name, array_agg(c.column_name::text order by c.ordinal_position) as columns
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
    group by c.table_name
    order by c.table_name`);
  return answer.rows;
}

export interface SequenceValue {
  name: string;
  /** null: never used yet. */
  value: string | null;
}

export async function readSequences(client: pg.ClientBase): Promise<SequenceValue[]> {
  const answer = await client.query<SequenceValue>(
    `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
  );
  return answer.rows;
}

export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const columnList = (table: TableShape) => table.columns.map(quoted).join(', ');
