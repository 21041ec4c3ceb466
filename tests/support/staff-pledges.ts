import { inArray } from 'drizzle-orm';
import { beforeEach } from 'vitest';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { CallsOnSite, startedPerFile, startStaffSite, type StaffSite } from './per-file.js';
import { londonToday, shiftDay } from './calendar-days.js';

/** Where staff see, change and export the building fund's pledges. */
export const DONATIONS = '/api/admin/building-fund-donations/';

export const minute = (n: number) => new Date(Date.UTC(2026, 0, 10, 9, n));

type PledgeInsert = typeof buildingFundPledges.$inferInsert;
const pledgeRow = (change: Partial<PledgeInsert> = {}): PledgeInsert => ({
  firstName: 'Florence',
  lastName: 'Nightingale',
  email: 'florence@example.org',
  totalPledge: '1000.00',
  currency: 'GBP',
  paymentType: 'partial',
  paymentAmount: '250.00',
  payByDate: shiftDay(londonToday(), 30),
  paymentMethod: 'bank_transfer',
  ...change,
});

export const firstNames = (answer: { body: { results: { first_name: string }[] } }) =>
  answer.body.results.map((row) => row.first_name);

/**
 * What the tests of staff's pledge pages ask of one site: an API with a signed-in member of staff, pledges written
 * straight to its database (none left from the test before), and the staff calls on them.
 */
export class StaffPledges extends CallsOnSite<StaffSite> {
  /** A fresh site for one test file, started before its first test and closed after its last; no pledge before each test. */
  static forFile(): StaffPledges {
    const pledges = new StaffPledges(startedPerFile('The pledges test site', startStaffSite));
    beforeEach(async () => {
      await pledges.app.ctx.db.delete(buildingFundPledges);
    });
    return pledges;
  }

  get = (path: string) => this.app.call('GET', path, undefined, this.staff.headers);
  send = (method: string, path: string, body: unknown) => this.app.call(method, path, body, this.staff.headers);

  /** Pledges made a minute apart in the order given (unless a change says when); answers their ids. */
  addPledges = async (...changes: Partial<PledgeInsert>[]) => {
    const rows = await this.app.ctx.db
      .insert(buildingFundPledges)
      .values(changes.map((change, i) => pledgeRow({ createdAt: minute(i), ...change })))
      .returning();
    return rows.map((row) => row.id);
  };

  stored = (ids: number[]) =>
    this.app.ctx.db.select().from(buildingFundPledges).where(inArray(buildingFundPledges.id, ids));
}
