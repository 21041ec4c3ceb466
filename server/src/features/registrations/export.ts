import type { RegistrationQuestion, StaffRegistration } from '@gather/contracts';
import { stringify } from 'csv-stringify/sync';

/**
 * An event's sign-ups as CSV, one column per question. People type their own names and answers: a cell such as
 * =HYPERLINK(...) must stay text in a spreadsheet, so formulas are escaped.
 */
export function registrationCsv(rows: StaffRegistration[], questions: RegistrationQuestion[]): string {
  const header = ['Name', 'Email', 'People', 'Status', 'Waiting list place', 'Checked in', 'Signed up'];
  const answerOf = (row: StaffRegistration, id: string) => {
    const value = row.answers[id];
    if (value === undefined) return '';
    if (typeof value === 'boolean') return value ? 'yes' : 'no';
    return value;
  };
  const records = rows.map((row) => [
    row.name,
    row.email,
    row.party,
    row.status,
    row.waitlist_position ?? '',
    row.checked_in_at ?? '',
    row.created_at,
    ...questions.map((question) => answerOf(row, question.id)),
  ]);
  return stringify([[...header, ...questions.map((question) => question.label)], ...records], {
    escape_formulas: true,
  });
}
