import type {
  MessageAnswer,
  Page,
  PrayedAnswer,
  PrayerApproval,
  PrayerRequestForm,
  PrayerStatus,
  StaffPrayerRequest,
  WallPrayer,
} from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { PageDataNeed } from '../../lib/page-data';
import { queryKeys } from '../../lib/query-keys';

export const sendPrayerRequest = (request: PrayerRequestForm) =>
  api.post<MessageAnswer>('/api/prayer-requests/', request);

const wallPath = (page: number) => `/api/prayer-requests/wall/${page > 1 ? `?page=${page}` : ''}`;

/** The wall's first page, which the server draws /prayer/wall with. */
export const wallData: PageDataNeed = { queryKey: queryKeys.prayer.wall(1), path: wallPath(1) };

export function useWall(page: number) {
  return useQuery({ queryKey: queryKeys.prayer.wall(page), queryFn: () => api.get<Page<WallPrayer>>(wallPath(page)) });
}

/** "I prayed": the answer's count is written into every page of the wall this browser holds. */
export function usePrayed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<PrayedAnswer>(`/api/prayer-requests/${id}/prayed/`),
    onSuccess: (answer) => setPrayedCount(queryClient, answer.id, answer.prayed_count),
  });
}

export function setPrayedCount(queryClient: ReturnType<typeof useQueryClient>, id: string, count: number): void {
  queryClient.setQueriesData<Page<WallPrayer>>({ queryKey: queryKeys.prayer.walls() }, (page) =>
    page
      ? {
          ...page,
          results: page.results.map((request) =>
            request.id === id ? { ...request, prayed_count: Math.max(request.prayed_count, count) } : request,
          ),
        }
      : page,
  );
}

export interface StaffPrayerFilter {
  page: number;
  search: string;
  status: PrayerStatus | '';
}

export const STAFF_PRAYER_PAGE_SIZE = 20;

export function useStaffPrayerRequests(filter: StaffPrayerFilter) {
  return useQuery({
    queryKey: queryKeys.prayer.staff(filter),
    queryFn: () =>
      api.get<Page<StaffPrayerRequest>>('/api/admin/prayer-requests/', {
        page: filter.page,
        page_size: STAFF_PRAYER_PAGE_SIZE,
        ...(filter.search && { search: filter.search }),
        ...(filter.status && { status: filter.status }),
      }),
  });
}

type Change =
  | { kind: 'approve'; wall: PrayerApproval }
  | { kind: 'follow-up'; done: boolean }
  | { kind: 'notes'; notes: string }
  | { kind: 'archive' };

/** The pastoral team's care of one request; every list refetches after it. */
export function useChangePrayerRequest(id: string) {
  const queryClient = useQueryClient();
  const base = `/api/admin/prayer-requests/${id}`;
  return useMutation({
    mutationFn: (change: Change) => {
      switch (change.kind) {
        case 'approve':
          return api.post<StaffPrayerRequest>(`${base}/approve/`, change.wall);
        case 'follow-up':
          return change.done
            ? api.post<StaffPrayerRequest>(`${base}/follow-up/`)
            : api.delete<StaffPrayerRequest>(`${base}/follow-up/`);
        case 'notes':
          return api.put<StaffPrayerRequest>(`${base}/notes/`, { notes: change.notes });
        case 'archive':
          return api.post<StaffPrayerRequest>(`${base}/archive/`);
      }
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.prayer.staffAll() }),
  });
}
