import { describe, expect, it } from 'vitest';
import { hmrcDate, scheduleCsv } from './gift-aid-schedule.js';

const row = {
  title: 'Mrs',
  firstName: 'Grace',
  lastName: 'Okafor',
  houseNameOrNumber: '12',
  postcode: 'N7 8JL',
  receivedOn: '2026-04-06',
  amount: '25.00',
};

describe("a Gift Aid claim in HMRC's Charities Online schedule", () => {
  it("writes dates as HMRC's DD/MM/YY", () => {
    expect(hmrcDate('2026-04-06')).toBe('06/04/26');
    expect(hmrcDate('2030-12-31')).toBe('31/12/30');
  });

  it("lays out each gift on its own line in HMRC's column order, none aggregated or sponsored", () => {
    const lines = scheduleCsv([row]).trim().split('\n');
    expect(lines[0]).toBe(
      'Title,First name or initial,Last name,House name or number,Postcode,Aggregated donations,Sponsored event,Donation date (DD/MM/YY),Amount',
    );
    expect(lines[1]).toBe('Mrs,Grace,Okafor,12,N7 8JL,,,06/04/26,25.00');
  });

  it('keeps a name a donor typed as a formula as text in a spreadsheet', () => {
    const csv = scheduleCsv([{ ...row, lastName: '=HYPERLINK("http://evil.example","click")' }]);
    expect(csv).not.toMatch(/,=HYPERLINK/);
    expect(csv).toContain("'=HYPERLINK");
  });
});
