import { stringify } from 'csv-stringify/sync';
import type { ScheduleRow } from './gift-aid-repository.js';

/** HMRC's Charities Online schedule, its columns in its order. */
const COLUMNS = [
  'Title',
  'First name or initial',
  'Last name',
  'House name or number',
  'Postcode',
  'Aggregated donations',
  'Sponsored event',
  'Donation date (DD/MM/YY)',
  'Amount',
];

/** "2026-04-06" as HMRC's "06/04/26". */
export function hmrcDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year!.slice(2)}`;
}

/** One part of a claim: each gift on its own line, none aggregated or sponsored; amounts as stored. */
export function scheduleCsv(rows: ScheduleRow[]): string {
  const lines = rows.map((row) => [
    row.title,
    row.firstName,
    row.lastName,
    row.houseNameOrNumber,
    row.postcode,
    '',
    '',
    hmrcDate(row.receivedOn),
    row.amount,
  ]);
  // Donors type their own names: a cell such as =HYPERLINK(...) must stay text in a spreadsheet.
  return stringify([COLUMNS, ...lines], { escape_formulas: true });
}
