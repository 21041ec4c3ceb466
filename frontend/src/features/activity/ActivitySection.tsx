import type { ActivityEntry, ActivityQuery } from '@gather/contracts';
import { useState } from 'react';
import { Field, Input, Select } from '../../components/Field';
import { Pagination } from '../../components/Pagination';
import { Alert, Badge, EmptyState, LoadingState, type BadgeTone } from '../../components/States';
import { useDebouncedValue } from '../../lib/debounce';
import { formatDateTime } from '../../lib/format';
import { useActivity, useActivityFilters } from './api';
import { ChangeFields } from './ChangeFields';
import staffPage from '../../components/StaffPage.module.css';
import styles from './ActivitySection.module.css';

const PAGE_SIZE = 20;

const ACTIONS: Record<ActivityEntry['action'], { label: string; tone: BadgeTone }> = {
  create: { label: 'Added', tone: 'green' },
  edit: { label: 'Changed', tone: 'indigo' },
  delete: { label: 'Deleted', tone: 'coral' },
};

type Filters = Pick<ActivityQuery, 'staff' | 'subject' | 'from' | 'to'>;

/** Every staff change, newest first, so a church with several volunteers can see who did what. */
export function ActivitySection() {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const searched = useDebouncedValue(search.trim());
  const activity = useActivity({ ...filters, search: searched || undefined, page, page_size: PAGE_SIZE });
  const choices = useActivityFilters();

  const filter = (name: keyof Filters) => (value: string) => {
    setFilters((current) => ({ ...current, [name]: value || undefined }));
    setPage(1);
  };

  return (
    <div className={staffPage.page}>
      <h1 className={staffPage.title}>Activity</h1>
      <p className={styles.intro}>
        Every change made in the console: who made it, when, and what the thing was before and after. Deleted things are
        kept here as they were.
      </p>
      <div className={`${staffPage.controls} ${styles.controls}`} role="search">
        <Field label="Search">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="Who or what"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          )}
        </Field>
        <Field label="Staff member">
          {(control) => (
            <Select {...control} value={filters.staff ?? ''} onChange={(event) => filter('staff')(event.target.value)}>
              <option value="">Everyone</option>
              {choices.data?.staff.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Kind of thing">
          {(control) => (
            <Select
              {...control}
              value={filters.subject ?? ''}
              onChange={(event) => filter('subject')(event.target.value)}
            >
              <option value="">Everything</option>
              {choices.data?.subjects.map((subject) => (
                <option key={subject}>{subject}</option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="From">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters.from ?? ''}
              onChange={(e) => filter('from')(e.target.value)}
            />
          )}
        </Field>
        <Field label="To">
          {(control) => (
            <Input {...control} type="date" value={filters.to ?? ''} onChange={(e) => filter('to')(e.target.value)} />
          )}
        </Field>
      </div>
      {activity.isPending && <LoadingState />}
      {activity.isError && <Alert>Error loading the activity. Please try again.</Alert>}
      {activity.data && activity.data.count === 0 && <EmptyState title="No changes match." />}
      {activity.data && activity.data.count > 0 && (
        <>
          <ul className={styles.list}>
            {activity.data.results.map((entry) => (
              <li key={entry.id}>
                <details className={styles.entry}>
                  <summary className={styles.summary}>
                    <Badge tone={ACTIONS[entry.action].tone}>{ACTIONS[entry.action].label}</Badge>
                    <span className={styles.what}>{entry.summary}</span>
                    <span className={styles.who}>
                      {entry.staff} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    </span>
                  </summary>
                  <ChangeFields entry={entry} />
                </details>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            count={activity.data.count}
            onPageChange={setPage}
            noun="changes"
          />
        </>
      )}
    </div>
  );
}
