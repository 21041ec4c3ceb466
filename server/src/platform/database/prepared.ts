import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryConfig } from 'pg';

const dialect = new PgDialect();

/**
 * A statement PostgreSQL parses and plans once per connection, for the few run thousands of times
 * a minute (the bulk-mail engine's claim and record, a Q&A vote): drizzle builds its text once, here, rather
 * than on every call, and node-postgres prepares it by name. Values come in through
 * `sql.placeholder(...)`; anything else in the template is fixed for the statement's life.
 */
export class PreparedStatement<Values extends Record<string, unknown>> {
  private readonly text: string;
  private readonly params: unknown[];

  constructor(
    private readonly name: string,
    statement: SQL,
  ) {
    const query = dialect.sqlToQuery(statement);
    this.text = query.sql;
    this.params = query.params;
  }

  /** The statement with these values, for `pool.query` or `client.query`. */
  with(values: Values): QueryConfig {
    return { name: this.name, text: this.text, values: fillPlaceholders(this.params, values) };
  }
}
