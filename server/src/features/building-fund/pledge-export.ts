import type { StaffPledge } from '@gather/contracts';
import { stringify } from 'csv-stringify/sync';

/** Rows are read this many at a time, so thousands of pledges never sit in memory at once. */
const BATCH_SIZE = 500;

const COLUMNS: { key: keyof StaffPledge; header: string }[] = [
  { key: 'id', header: 'ID' },
  { key: 'full_name', header: 'Donor name' },
  { key: 'first_name', header: 'First name' },
  { key: 'middle_name', header: 'Middle name' },
  { key: 'last_name', header: 'Last name' },
  { key: 'email', header: 'Email' },
  { key: 'phone', header: 'Phone' },
  { key: 'currency', header: 'Currency' },
  { key: 'total_pledge', header: 'Total pledge' },
  { key: 'payment_type', header: 'Payment type' },
  { key: 'payment_amount', header: 'Payment amount' },
  { key: 'paid', header: 'Paid' },
  { key: 'remaining_balance', header: 'Remaining balance' },
  { key: 'gift_count', header: 'Gifts' },
  { key: 'pay_by_date', header: 'Pay by date' },
  { key: 'payment_method', header: 'Payment method' },
  { key: 'payment_status', header: 'Status' },
  { key: 'is_overdue', header: 'Overdue' },
  { key: 'is_behind_schedule', header: 'Behind schedule' },
  { key: 'message', header: 'Message' },
  { key: 'admin_notes', header: 'Admin notes' },
  { key: 'created_at', header: 'Submitted' },
];

const csvOptions = {
  columns: COLUMNS,
  // Donors type their own names and messages: a cell such as =HYPERLINK(...) must stay text in a spreadsheet.
  escape_formulas: true,
  cast: { boolean: (value: boolean) => (value ? 'yes' : 'no') },
};

/** The header line, then the pledges batch by batch in the order of `ids`. */
export async function* pledgeCsvChunks(
  ids: number[],
  rowsOf: (batch: number[]) => Promise<StaffPledge[]>,
): AsyncGenerator<string> {
  yield stringify([], { ...csvOptions, header: true });
  for (let start = 0; start < ids.length; start += BATCH_SIZE) {
    yield stringify(await rowsOf(ids.slice(start, start + BATCH_SIZE)), csvOptions);
  }
}
