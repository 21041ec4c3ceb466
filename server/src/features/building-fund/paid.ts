import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { gifts } from '../../platform/database/schema/building-fund.js';

/**
 * What has been received on a pledge: the exact sum of its gifts as numeric (0 with none). Shared by every
 * reader of a pledge's payments (the staff table, the export, reminders and statements).
 */
export const paidSql = (pledgeIdColumn: AnyColumn | SQL) =>
  sql`(select round(coalesce(sum(${gifts.amount}), 0), 2) from ${gifts} where ${gifts.pledgeId} = ${pledgeIdColumn})`;

/** How many gifts are recorded on a pledge. */
export const giftCountSql = (pledgeIdColumn: AnyColumn | SQL) =>
  sql`(select count(*) from ${gifts} where ${gifts.pledgeId} = ${pledgeIdColumn})`;
