import { useState } from 'react';
import { useDebouncedValue } from '../../lib/debounce';
import type { InboxQuery } from './api';

/**
 * The search box, the filter and the page of an inbox. The page goes back to 1 whenever what is
 * listed changes, so no one lands on a page that no longer exists.
 */
export function useInboxState(filterName: string) {
  const [search, setSearchText] = useState('');
  const [filter, setFilterValue] = useState('');
  const [page, setPage] = useState(1);
  const settledSearch = useDebouncedValue(search.trim());

  const query: InboxQuery = {
    page,
    search: settledSearch,
    filter: filter ? { [filterName]: filter } : {},
  };

  return {
    query,
    search,
    filter,
    setPage,
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    setFilter: (value: string) => {
      setFilterValue(value);
      setPage(1);
    },
  };
}

export type InboxState = ReturnType<typeof useInboxState>;
