import { sql, type SQL } from 'drizzle-orm';

/**
 * The day of the address's earliest declaration still in force, or null: the statements' "Gift Aid
 * declaration on file since", for any number of donors in one query.
 */
export const giftAidSinceSql = (email: SQL) =>
  sql`(select min(declaration.declared_on)::text from gift_aid_declarations declaration
       where ${inForceFor(sql.raw('declaration'), email)})`;

/** A declaration of this address that has not been cancelled. */
export function inForceFor(declaration: SQL, email: SQL): SQL {
  return sql`lower(${declaration}.email) = lower(${email}) and ${declaration}.cancelled_at is null`;
}
