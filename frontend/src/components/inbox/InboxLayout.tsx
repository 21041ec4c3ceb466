import type { Page } from '@gather/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Pagination } from '../Pagination';
import { Alert, EmptyState, LoadingState } from '../States';
import { INBOX_PAGE_SIZE, type InboxKind } from './api';
import { INBOX_MESSAGES } from './messages';
import type { InboxState } from './useInboxState';
import staffPage from '../StaffPage.module.css';
import styles from './Inbox.module.css';

interface InboxLayoutProps<Row> {
  title: string;
  kind: InboxKind;
  inbox: UseQueryResult<Page<Row>>;
  state: InboxState;
  controls: ReactNode;
  columns: string[];
  row: (row: Row) => ReactNode;
  /** The detail modal, when one is open. */
  children?: ReactNode;
}

/** The inboxes' one layout: filters, the table, the server's pages and a detail modal. */
export function InboxLayout<Row>({
  title,
  kind,
  inbox,
  state,
  controls,
  columns,
  row,
  children,
}: InboxLayoutProps<Row>) {
  return (
    <div className={staffPage.page}>
      <header className={styles.header}>
        <h1 className={staffPage.title}>{title}</h1>
        {inbox.data && (
          <p className={styles.count}>
            {inbox.data.count} {inbox.data.count === 1 ? 'submission' : 'submissions'}
          </p>
        )}
      </header>
      {controls}
      {inbox.isPending ? (
        <LoadingState />
      ) : inbox.isError ? (
        <Alert>{INBOX_MESSAGES[kind].loadError}</Alert>
      ) : inbox.data.results.length === 0 ? (
        <EmptyState title="No submissions found" />
      ) : (
        <>
          <div className={staffPage.tableWrap}>
            <table className={staffPage.table}>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>{inbox.data.results.map(row)}</tbody>
            </table>
          </div>
          <Pagination
            page={state.query.page}
            pageSize={INBOX_PAGE_SIZE}
            count={inbox.data.count}
            onPageChange={state.setPage}
          />
        </>
      )}
      {children}
    </div>
  );
}
