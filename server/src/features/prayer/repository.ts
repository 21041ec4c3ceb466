import {
  PRAYER_WALL_PAGE_SIZE,
  type PrayerRequestForm,
  type PrayerStatus,
  type StaffPrayerQuery,
} from '@gather/contracts';
import { and, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { orderingFor, type Found, type Sortable } from '../../platform/database/paging.js';
import { prayerPrayed, prayerRequests } from '../../platform/database/schema/prayer.js';
import { containing } from '../../platform/database/search.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';

export type PrayerRow = typeof prayerRequests.$inferSelect;
/** A request with how many devices prayed for it. */
export type CountedPrayer = PrayerRow & { prayedCount: number };

const table = prayerRequests;

/** How many devices prayed for the request: the rows, so a device counts once. */
const prayedCountOf = sql<number>`(select count(*)::int from prayer_prayed where request_id = ${table.id})`;

/** On the wall: approved (only a request allowed to be shared can be) and not archived. */
const onWall = and(isNotNull(table.approvedAt), isNull(table.archivedAt));

const STATUS_WHERE: Record<PrayerStatus, SQL | undefined> = {
  new: and(isNull(table.approvedAt), isNull(table.followedUpAt), isNull(table.archivedAt)),
  on_wall: onWall,
  followed_up: and(isNotNull(table.followedUpAt), isNull(table.approvedAt), isNull(table.archivedAt)),
  archived: isNotNull(table.archivedAt),
};

const sorts: Sortable<readonly ['created_at', 'name']> = {
  id: table.number,
  created_at: table.createdAt,
  name: sql`lower(${table.name})`,
};

/** The outcome of a device's "I prayed": undefined when the request is not on the wall. */
export interface PrayedOutcome {
  prayedCount: number;
  /** False when the device had prayed already, or its connection has given this request as many as one may. */
  changed: boolean;
}

/** Prayer requests and the devices that prayed for them; the only SQL on them. */
export class PrayerRepository {
  constructor(private readonly db: Database) {}

  /** The request and the pastoral team's notice of it are written together: both or neither. */
  async add(form: PrayerRequestForm): Promise<CountedPrayer> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(table)
        .values({
          text: form.text,
          name: form.name,
          email: form.email,
          visibility: form.visibility,
          hearBack: form.hear_back && form.email !== null,
        })
        .returning();
      await enqueueJob(tx, 'send-notification-email', { kind: 'prayer-notification', recordId: row!.number });
      return { ...row!, prayedCount: 0 };
    });
  }

  async find(id: string): Promise<CountedPrayer | undefined> {
    const [row] = await this.db.select({ row: table, prayedCount: prayedCountOf }).from(table).where(eq(table.id, id));
    return row && { ...row.row, prayedCount: row.prayedCount };
  }

  async byNumber(number: number): Promise<PrayerRow | undefined> {
    const [row] = await this.db.select().from(table).where(eq(table.number, number));
    return row;
  }

  /** One page of the wall, newest approval first; PRAYER_WALL_PAGE_SIZE a page. */
  async wall(page: number): Promise<Found<CountedPrayer>> {
    const [count, rows] = await Promise.all([
      this.db.$count(table, onWall),
      this.db
        .select({ row: table, prayedCount: prayedCountOf })
        .from(table)
        .where(onWall)
        .orderBy(desc(table.approvedAt), desc(table.number))
        .limit(PRAYER_WALL_PAGE_SIZE)
        .offset((page - 1) * PRAYER_WALL_PAGE_SIZE),
    ]);
    return { count, rows: rows.map(({ row, prayedCount }) => ({ ...row, prayedCount })) };
  }

  async list(query: StaffPrayerQuery): Promise<Found<CountedPrayer>> {
    const where = and(
      containing(query.search, [table.text, table.name, table.email, table.wallText, table.notes]),
      query.status && STATUS_WHERE[query.status],
    );
    const [count, rows] = await Promise.all([
      this.db.$count(table, where),
      this.db
        .select({ row: table, prayedCount: prayedCountOf })
        .from(table)
        .where(where)
        .orderBy(...orderingFor(query.ordering, sorts, '-created_at'))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
    ]);
    return { count, rows: rows.map(({ row, prayedCount }) => ({ ...row, prayedCount })) };
  }

  /**
   * "I prayed" is one statement: it adds the device's row, unless the device prayed already or its connection has
   * given as many as `perAddress`, and answers the count. It locks no request row, so parallel taps never queue.
   */
  async prayed(id: string, deviceId: string, addressHash: string, perAddress: number) {
    const { rows } = await this.db.execute<{ found: boolean; changed: boolean; prayed_count: number }>(sql`
      with target as (
        select id from prayer_requests where id = ${id} and approved_at is not null and archived_at is null
      ), added as (
        insert into prayer_prayed (request_id, device_id, address_hash)
        select id, ${deviceId}, ${addressHash} from target
        where (select count(*) from prayer_prayed where request_id = ${id} and address_hash = ${addressHash})
          < ${perAddress}
        on conflict do nothing returning request_id
      )
      select exists (select from target) as found, exists (select from added) as changed,
        (select count(*)::int from prayer_prayed where request_id = ${id}) + (select count(*)::int from added)
          as prayed_count`);
    const [row] = rows;
    if (!row?.found) return undefined;
    // A repeated tap waited for the first one's commit, which its snapshot does not show: the count is read anew.
    const prayedCount = row.changed ? row.prayed_count : await this.prayedCount(id);
    return { prayedCount, changed: row.changed } satisfies PrayedOutcome;
  }

  async prayedCount(id: string): Promise<number> {
    return this.db.$count(prayerPrayed, eq(prayerPrayed.requestId, id));
  }

  /** Whether this device prayed for the request already. */
  async hasPrayed(id: string, deviceId: string): Promise<boolean> {
    return (
      (await this.db.$count(prayerPrayed, and(eq(prayerPrayed.requestId, id), eq(prayerPrayed.deviceId, deviceId)))) > 0
    );
  }

  /** Puts a shareable request on the wall with these words (again: changes them); only one not archived. */
  async approve(id: string, wallText: string, wallName: string | null): Promise<PrayerRow | undefined> {
    const [row] = await this.db
      .update(table)
      .set({ approvedAt: sql`coalesce(${table.approvedAt}, now())`, wallText, wallName })
      .where(and(eq(table.id, id), inArray(table.visibility, ['wall', 'wall_anonymous']), isNull(table.archivedAt)))
      .returning();
    return row;
  }

  async update(id: string, change: Partial<Pick<PrayerRow, 'followedUpAt' | 'notes' | 'archivedAt'>>) {
    const [row] = await this.db.update(table).set(change).where(eq(table.id, id)).returning();
    return row;
  }

  /** Archives requests older than `days`: answers those that were on the wall, which leave it. */
  async archiveOlderThan(days: number): Promise<Array<{ id: string; wasOnWall: boolean }>> {
    const rows = await this.db
      .update(table)
      .set({ archivedAt: sql`now()` })
      .where(and(isNull(table.archivedAt), lt(table.createdAt, sql`now() - make_interval(days => ${days})`)))
      .returning({ id: table.id, approvedAt: table.approvedAt });
    return rows.map((row) => ({ id: row.id, wasOnWall: row.approvedAt !== null }));
  }

  /**
   * Claims the requests whose sender asked to hear back and that someone prayed for since they were last told,
   * at most once a day each, and queues each one's mail in the same transaction.
   */
  async claimPrayedNews(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const claimed = await tx
        .update(table)
        .set({ toldAt: sql`now()` })
        .where(
          and(
            eq(table.hearBack, true),
            isNotNull(table.email),
            onWall,
            sql`(${table.toldAt} is null or ${table.toldAt} <= now() - interval '1 day')`,
            sql`exists (select from prayer_prayed p where p.request_id = ${table.id}
              and p.created_at > coalesce(${table.toldAt}, '-infinity'::timestamptz))`,
          ),
        )
        .returning({ number: table.number });
      for (const { number } of claimed) {
        await enqueueJob(tx, 'send-notification-email', { kind: 'prayer-prayed-count', recordId: number });
      }
      return claimed.length;
    });
  }

  /** The sender asked to hear no more; a request erased meanwhile has nothing to stop. */
  async stopNews(id: string): Promise<void> {
    await this.db.update(table).set({ hearBack: false }).where(eq(table.id, id));
  }

  /** How many devices prayed for the request in the last seven days. */
  async prayedThisWeek(id: string): Promise<number> {
    return this.db.$count(
      prayerPrayed,
      and(eq(prayerPrayed.requestId, id), sql`${prayerPrayed.createdAt} > now() - interval '7 days'`),
    );
  }
}
