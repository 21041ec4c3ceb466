import type { ActivityQuery } from '@gather/contracts';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/database/client.js';
import { activityLog } from '../../platform/database/schema/activity.js';
import { containing } from '../../platform/database/search.js';
import type { StaffChange } from '../../platform/http/activity.js';
import { offsetOf, orderingFor } from '../../platform/database/paging.js';

export type ActivityRow = typeof activityLog.$inferSelect;

const sorts = { id: activityLog.id, at: activityLog.at, staff: activityLog.staffUsername };

/** A day as the church lives it: from midnight in London. */
const londonMidnight = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/London')`;

export class ActivityRepository {
  constructor(private readonly db: Database) {}

  async add(change: StaffChange): Promise<void> {
    await this.db.insert(activityLog).values({
      staffUsername: change.staff,
      action: change.action,
      method: change.method,
      path: change.path,
      subjectKind: change.subject,
      subjectId: change.subjectId,
      summary: change.summary,
      before: change.before,
      after: change.after,
    });
  }

  async page(query: ActivityQuery): Promise<{ count: number; rows: ActivityRow[] }> {
    const order = orderingFor(query.ordering, sorts, '-at');
    const where = and(
      containing(query.search, [activityLog.staffUsername, activityLog.summary, activityLog.subjectKind]),
      query.staff ? eq(activityLog.staffUsername, query.staff) : undefined,
      query.subject ? eq(activityLog.subjectKind, query.subject) : undefined,
      query.from ? gte(activityLog.at, londonMidnight(query.from)) : undefined,
      query.to ? lt(activityLog.at, sql`${londonMidnight(query.to)} + interval '1 day'`) : undefined,
    );
    const [total] = await this.db.select({ count: count() }).from(activityLog).where(where);
    const rows = await this.db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset(offsetOf(query));
    return { count: total!.count, rows };
  }

  async filters(): Promise<{ staff: string[]; subjects: string[] }> {
    const distinct = async (column: PgColumn) =>
      (await this.db.selectDistinct({ value: column }).from(activityLog).orderBy(column)).map((row) =>
        String(row.value),
      );
    return { staff: await distinct(activityLog.staffUsername), subjects: await distinct(activityLog.subjectKind) };
  }
}
