import type { ActivityEntry } from '@gather/contracts';
import styles from './ActivitySection.module.css';

type Fields = Record<string, unknown>;

/** Raw rows say `firstName`, answers `first_name`: one name each, so before and after line up. */
const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const labelOf = (key: string) => {
  const words = snake(key).replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function fieldsOf(value: unknown): Fields {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value == null ? {} : { value };
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [snake(key), inner]));
}

/** A value as plain text: the page never renders what staff or visitors typed as HTML. */
export function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

interface Row {
  field: string;
  before?: unknown;
  after?: unknown;
}

function rowsOf(entry: ActivityEntry, before: Fields, after: Fields): Row[] {
  if (entry.action === 'delete' || !entry.after) {
    return Object.entries(before).map(([field, value]) => ({ field, before: value }));
  }
  if (!entry.before) return Object.entries(after).map(([field, value]) => ({ field, after: value }));
  // A row as stored and an answer as sent differ in what they carry; what both carry and differs is the change.
  return Object.keys(after)
    .filter((field) => field in before && shown(before[field]) !== shown(after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

/** Before and after of one change as a list of fields; a bulk change lists each thing it touched. */
export function ChangeFields({ entry }: { entry: ActivityEntry }) {
  if (Array.isArray(entry.before)) {
    return (
      <>
        {entry.before.map((item, index) => (
          <ChangeFields key={index} entry={{ ...entry, before: item, after: null, action: 'delete' }} />
        ))}
      </>
    );
  }
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  const rows = rowsOf(entry, before, after);
  if (rows.length === 0) return <p className={styles.quiet}>No field changed.</p>;
  const hasBefore = rows.some((row) => 'before' in row);
  const hasAfter = rows.some((row) => 'after' in row);
  return (
    <table className={styles.fields}>
      <thead>
        <tr>
          <th scope="col">Field</th>
          {hasBefore && <th scope="col">Before</th>}
          {hasAfter && <th scope="col">After</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field}>
            <th scope="row">{labelOf(row.field)}</th>
            {'before' in row && <td>{shown(row.before)}</td>}
            {'after' in row && <td>{shown(row.after)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
