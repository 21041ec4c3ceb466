import {
  BEHIND_SCHEDULE_RULE,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  type StaffPledge,
  type PaymentStatus,
  type PaymentType,
  type PledgeSummary,
} from '@gather/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { Field, SearchField, Select } from '../../../components/Field';
import { Pagination } from '../../../components/Pagination';
import { Alert, EmptyState, LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { useDebouncedValue } from '../../../lib/debounce';
import { formatMoney } from '../../../lib/format';
import {
  dueFilterOf,
  exportUrl,
  PLEDGE_PAGE_SIZE,
  useDeletePledge,
  useFollowUp,
  usePledges,
  usePledgeSummary,
  type DueFilter,
  type PledgeFilters,
} from './api';
import { BulkBar } from './BulkBar';
import { PAYMENT_TYPE_LABELS, STATUS_LABELS } from './labels';
import { PledgeDetailsModal } from './PledgeDetailsModal';
import { PledgeTable } from './PledgeTable';
import { DEFAULT_SORT, orderingOf, toggleSort, type Sort, type SortField } from './sorting';
import staffPage from '../../../components/StaffPage.module.css';
import styles from './PledgesPage.module.css';

/** The Building Fund's Pledges tab: what was pledged, filtered and sorted, with each pledge's actions. */
export function PledgesPage() {
  const toast = useToast();
  const confirm = useConfirm();
  const [params] = useSearchParams();
  // The command palette opens a donor's pledges with ?search=<their e-mail>.
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [status, setStatus] = useState<PaymentStatus | ''>('');
  const [type, setType] = useState<PaymentType | ''>('');
  const [behind, setBehind] = useState<'true' | ''>('');
  const [due, setDue] = useState<DueFilter | ''>(() => dueFilterOf(params.get('due')));
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [viewing, setViewing] = useState<StaffPledge | null>(null);
  const filters: PledgeFilters = {
    search: useDebouncedValue(search).trim(),
    payment_status: status,
    payment_type: type,
    behind_schedule: behind,
    overdue: due === 'overdue' ? 'true' : '',
    due_this_week: due === 'this_week' ? 'true' : '',
  };
  const pledges = usePledges({ ...filters, page, ordering: orderingOf(sort) });
  const summary = usePledgeSummary(filters);
  const deletePledge = useDeletePledge();
  const followUp = useFollowUp();

  /** Every change of what is listed goes back to page 1 with nothing selected. */
  function refilter(change: () => void) {
    change();
    setPage(1);
    setSelected(new Set());
  }

  async function remove(pledge: StaffPledge) {
    const sure = await confirm({
      title: `Delete the donation from ${pledge.full_name}`,
      message: 'Are you sure you want to delete this donation?',
    });
    if (!sure) return;
    deletePledge.mutate(pledge.id, {
      onSuccess: () => {
        toast.success('Donation deleted');
        setSelected((current) => new Set([...current].filter((id) => id !== pledge.id)));
      },
      onError: () => toast.error('Error deleting donation'),
    });
  }

  /** A follow-up is an e-mail to the donor, which cannot be taken back: it is asked for first. */
  async function sendFollowUp(pledge: StaffPledge) {
    const sure = await confirm({
      title: 'Send a follow-up',
      message: `${pledge.full_name} will be e-mailed at ${pledge.email} about this pledge.`,
      confirmLabel: 'Send follow-up',
      tone: 'primary',
    });
    if (!sure) return;
    followUp.mutate(pledge.id, {
      onSuccess: (answer) => toast.success(answer?.message ?? `Follow-up sent to ${pledge.email}`),
      onError: () => toast.error('Error sending follow-up. Please try again.'),
    });
  }

  return (
    <>
      <SummaryHeader summary={summary.data} />
      <div className={`${staffPage.controls} ${styles.controls}`}>
        <SearchField hint="Donor name or email" value={search} onSearch={(next) => refilter(() => setSearch(next))} />
        <Field label="Status">
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(event) => refilter(() => setStatus(event.target.value as PaymentStatus | ''))}
            >
              <option value="">All statuses</option>
              {PAYMENT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value].label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Payment type">
          {(control) => (
            <Select
              {...control}
              value={type}
              onChange={(event) => refilter(() => setType(event.target.value as PaymentType | ''))}
            >
              <option value="">All payment types</option>
              {PAYMENT_TYPES.map((value) => (
                <option key={value} value={value}>
                  {PAYMENT_TYPE_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Schedule">
          {(control) => (
            <Select
              {...control}
              value={behind}
              onChange={(event) => refilter(() => setBehind(event.target.value as 'true' | ''))}
            >
              <option value="">All pledges</option>
              <option value="true">Behind schedule</option>
            </Select>
          )}
        </Field>
        <Field label="Due">
          {(control) => (
            <Select
              {...control}
              value={due}
              onChange={(event) => refilter(() => setDue(dueFilterOf(event.target.value)))}
            >
              <option value="">Any pay-by date</option>
              <option value="overdue">Overdue</option>
              <option value="this_week">Due this week</option>
            </Select>
          )}
        </Field>
        <div className={styles.controlButtons}>
          <Button variant="secondary" onClick={() => void Promise.all([pledges.refetch(), summary.refetch()])}>
            Refresh
          </Button>
          <a className={styles.exportLink} href={exportUrl(filters)} download>
            Export CSV
          </a>
        </div>
      </div>
      <p className={styles.rule}>
        <strong>Behind schedule:</strong> {BEHIND_SCHEDULE_RULE}
      </p>
      {selected.size > 0 && <BulkBar ids={[...selected]} onDone={() => setSelected(new Set())} />}
      {pledges.isPending ? (
        <LoadingState text="Loading donations..." />
      ) : pledges.isError ? (
        <Alert>Error loading donations</Alert>
      ) : pledges.data.results.length === 0 ? (
        <EmptyState title="No donations found" />
      ) : (
        <>
          <PledgeTable
            pledges={pledges.data.results}
            sort={sort}
            onSort={(field: SortField) => refilter(() => setSort(toggleSort(sort, field)))}
            selected={selected}
            onSelect={setSelected}
            onView={setViewing}
            onFollowUp={(pledge) => void sendFollowUp(pledge)}
            onDelete={(pledge) => void remove(pledge)}
          />
          <Pagination
            page={page}
            pageSize={PLEDGE_PAGE_SIZE}
            count={pledges.data.count}
            noun="donations"
            onPageChange={(next) => {
              setPage(next);
              setSelected(new Set());
            }}
          />
        </>
      )}
      {viewing && <PledgeDetailsModal key={viewing.id} pledge={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

function SummaryHeader({ summary }: { summary: PledgeSummary | undefined }) {
  const totals = summary
    ? (['GBP', 'USD'] as const).map((currency) => formatMoney(summary.totals[currency], currency)).join(' / ')
    : '…';
  return (
    <header className={styles.header}>
      <h2 className="visually-hidden">Pledges</h2>
      <dl className={styles.stats}>
        <div>
          <dt>Total pledged</dt>
          <dd>{totals}</dd>
        </div>
        <div>
          <dt>Donations</dt>
          <dd>{summary?.count ?? '…'}</dd>
        </div>
        <div className={summary?.overdue_count ? styles.overdueStat : undefined}>
          <dt>Overdue</dt>
          <dd>{summary?.overdue_count ?? '…'}</dd>
        </div>
      </dl>
    </header>
  );
}
