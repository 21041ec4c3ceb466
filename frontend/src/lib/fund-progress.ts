import type { FundProgress } from '@gather/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './query-keys';
import type { PageDataNeed } from './page-data';

/** Gifts are recorded by staff, not pushed: the bar catches up every half minute and when the tab is back in view. */
const PROGRESS_REFRESH_MS = 30_000;

export function useFundProgress() {
  return useQuery({
    queryKey: queryKeys.fundProgress(),
    queryFn: () => api.get<FundProgress>('/api/building-fund/progress/'),
    refetchInterval: PROGRESS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** The progress, as the routes of the pages that show it declare it (`handle.data`). */
export const fundProgressData: PageDataNeed = {
  queryKey: queryKeys.fundProgress(),
  path: '/api/building-fund/progress/',
};
