import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '../../lib/debounce';
import type { InboxQuery } from './api';

/**
 * The search box, the filter and the page of an inbox. The filter starts from the address
 * (`/admin/contacts?is_read=false`), so a "Needs attention" link opens the list it counted. The page
 * goes back to 1 whenever what is listed changes, so no one lands on a page that no longer exists.
 */
export function useInboxState(filterName: string) {
  const [search, setSearchText] = useState('');
  const [params] = useSearchParams();
  const [filter, setFilterValue] = useState(() => params.get(filterName) ?? '');
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
