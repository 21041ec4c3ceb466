import styles from './Pagination.module.css';

/** Pages shown either side of the current one: the spec's window of up to five buttons. */
export const PAGE_WINDOW = 2;

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The page numbers to offer: the current page and up to `radius` either side, within 1..pages. */
export function pageWindow(page: number, pages: number, radius = PAGE_WINDOW): number[] {
  const first = Math.max(1, page - radius);
  const last = Math.min(pages, page + radius);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index);
}

/** "Showing 11 to 20 of 23" */
export function shownRange(page: number, pageSize: number, count: number) {
  if (count === 0) return { from: 0, to: 0 };
  return { from: (page - 1) * pageSize + 1, to: Math.min(page * pageSize, count) };
}

interface PaginationProps {
  page: number;
  pageSize: number;
  count: number;
  onPageChange: (page: number) => void;
  /** What is counted, for the "Showing x to y of z …" line; without it the line is left out. */
  noun?: string;
}

/** Previous, a window of page numbers and Next, for lists paged by the server. */
export function Pagination({ page, pageSize, count, onPageChange, noun }: PaginationProps) {
  const pages = pageCount(count, pageSize);
  const { from, to } = shownRange(page, pageSize, count);
  return (
    <div className={styles.bar}>
      {noun && (
        <p className={styles.summary}>
          Showing {from} to {to} of {count} {noun}
        </p>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className={styles.pages}>
          <button type="button" className={styles.page} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            Previous
          </button>
          {pageWindow(page, pages).map((number) => (
            <button
              key={number}
              type="button"
              className={styles.page}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
              onClick={() => onPageChange(number)}
            >
              {number}
            </button>
          ))}
          <button type="button" className={styles.page} disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
