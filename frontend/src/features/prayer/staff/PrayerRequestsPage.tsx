import { PRAYER_STATUSES, type PrayerStatus } from '@gather/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Field, SearchField, Select } from '../../../components/Field';
import { Pagination } from '../../../components/Pagination';
import { Alert, EmptyState, LoadingState } from '../../../components/States';
import { STAFF_PRAYER_PAGE_SIZE, useStaffPrayerRequests } from '../api';
import { usePrayerRoom } from '../live';
import { PrayerRequestCard } from './PrayerRequestCard';
import staffPage from '../../../components/StaffPage.module.css';
import styles from './PrayerRequestsPage.module.css';

const STATUS_LABELS: Record<PrayerStatus, string> = {
  new: 'New',
  on_wall: 'On the wall',
  followed_up: 'Followed up',
  archived: 'Archived',
};

const isStatus = (value: string | null): value is PrayerStatus =>
  (PRAYER_STATUSES as readonly string[]).includes(value ?? '');

/** The pastoral team's prayer requests: new ones arrive live, each is approved, followed up, noted, archived. */
export function PrayerRequestsPage() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : '';
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const requests = useStaffPrayerRequests({ page, search, status });
  const live = usePrayerRoom();

  return (
    <div className={staffPage.page}>
      <header>
        <h1 className={staffPage.title}>Prayer Requests</h1>
        <p className={styles.lead}>
          Only the pastoral team and administrators see these. A request reaches the wall only when you approve one its
          sender allowed to be shared.
        </p>
        <p className={styles.live} role="status">
          {live.joined ? 'New requests appear here as they arrive' : ''}
        </p>
      </header>
      <div className={`${staffPage.controls} ${styles.controls}`}>
        <SearchField
          hint="Words, name, e-mail or notes"
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <Field label="Show">
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(event) => {
                setPage(1);
                setParams(event.target.value ? { status: event.target.value } : {});
              }}
            >
              <option value="">All requests</option>
              {PRAYER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {requests.isPending ? (
        <LoadingState />
      ) : requests.isError ? (
        <Alert>We couldn't load the prayer requests. Please reload the page.</Alert>
      ) : requests.data.results.length === 0 ? (
        <EmptyState title="No prayer requests found" />
      ) : (
        <>
          <ul className={styles.list}>
            {requests.data.results.map((request) => (
              <PrayerRequestCard key={request.id} request={request} statusLabel={STATUS_LABELS[request.status]} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={STAFF_PRAYER_PAGE_SIZE}
            count={requests.data.count}
            onPageChange={setPage}
          />
        </>
      )}
    </div>
  );
}
