import type { StaffQuestion } from '@gather/contracts';
import { stringify } from 'csv-stringify/sync';

const COLUMNS: { key: keyof StaffQuestion; header: string }[] = [
  { key: 'id', header: 'ID' },
  { key: 'text', header: 'Question' },
  { key: 'name', header: 'Name' },
  { key: 'category', header: 'Category' },
  { key: 'status', header: 'Status' },
  { key: 'votes', header: 'Votes' },
  { key: 'flagged', header: 'Caught by word filter' },
  { key: 'created_at', header: 'Asked' },
];

/**
 * More of a session for its download, from what runs in the session (live polls): the composition hands them
 * to the Q&A's routes, so the Q&A imports none of them. Each gives its own table, formula-safe.
 */
export interface SessionDownloadPart {
  csv(sessionId: string): Promise<string>;
}

/** A session's questions for a spreadsheet; at most a session's max_questions, so in one piece. */
export function questionsCsv(questions: StaffQuestion[]): string {
  return stringify(questions, {
    header: true,
    columns: COLUMNS,
    // Visitors type the questions and names: a cell such as =HYPERLINK(...) must stay text in a spreadsheet.
    escape_formulas: true,
    cast: { boolean: (value: boolean) => (value ? 'yes' : 'no') },
  });
}
