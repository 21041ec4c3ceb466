import type {
  StaffPledge,
  FundSettings,
  FundSettingsRequest,
  Gift,
  GiftList,
  GiftRequest,
  OneOffGiftRequest,
  PledgeGifts,
  MessageAnswer,
  Page,
  PaymentStatus,
  PaymentType,
  PledgeBulkAction,
  PledgeBulkAnswer,
  PledgeSummary,
  PledgeUpdate,
  TaxYearStatementsAnswer,
} from '@gather/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const DONATIONS = '/api/admin/building-fund-donations';
export const PLEDGE_PAGE_SIZE = 10;

/** The search and filters the list, the summary and the export all take. */
export interface PledgeFilters {
  search: string;
  payment_status: PaymentStatus | '';
  payment_type: PaymentType | '';
  /** Only pledges behind schedule; '' for all. */
  behind_schedule: 'true' | '';
  /** Only pledges past their pay-by date, not completed; '' for all. */
  overdue: 'true' | '';
  /** Only pledges due today or within six days, not completed; '' for all. */
  due_this_week: 'true' | '';
}

/** The Due filter, also given in the address (`?due=overdue`) by the dashboard's "Needs attention". */
export const DUE_FILTERS = ['overdue', 'this_week'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

export function dueFilterOf(value: string | null): DueFilter | '' {
  return DUE_FILTERS.find((due) => due === value) ?? '';
}

export interface PledgeListQuery extends PledgeFilters {
  page: number;
  ordering: string;
}

export function usePledges(query: PledgeListQuery) {
  return useQuery({
    queryKey: queryKeys.pledges.list(query),
    queryFn: () => api.get<Page<StaffPledge>>(`${DONATIONS}/`, { ...query, page_size: PLEDGE_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export function usePledgeSummary(filters: PledgeFilters) {
  return useQuery({
    queryKey: queryKeys.pledges.summary(filters),
    queryFn: () => api.get<PledgeSummary>(`${DONATIONS}/summary/`, { ...filters }),
    placeholderData: keepPreviousData,
  });
}

/** A plain link: the browser downloads the CSV itself, however many pledges match. */
export function exportUrl(filters: PledgeFilters): string {
  return withQuery(`${DONATIONS}/export/`, { ...filters });
}

function useRefreshPledges() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.pledges.all() });
}

export function useUpdatePledge() {
  const queryClient = useQueryClient();
  const refresh = useRefreshPledges();
  return useMutation({
    mutationFn: ({ id, update }: { id: number; update: PledgeUpdate }) =>
      api.patch<StaffPledge>(`${DONATIONS}/${id}/`, update),
    onSuccess: (pledge) => {
      queryClient.setQueryData(queryKeys.pledges.detail(pledge.id), pledge);
      void refresh();
    },
  });
}

export function useBulkPledges() {
  const refresh = useRefreshPledges();
  return useMutation({
    mutationFn: (action: PledgeBulkAction) => api.post<PledgeBulkAnswer>(`${DONATIONS}/bulk/`, action),
    onSettled: refresh,
  });
}

export function useDeletePledge() {
  const refresh = useRefreshPledges();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${DONATIONS}/${id}/`),
    onSuccess: refresh,
  });
}

export function useFollowUp() {
  return useMutation({
    mutationFn: (id: number) => api.post<MessageAnswer>(`${DONATIONS}/${id}/follow-up/`),
  });
}

export function useSetReminders() {
  const queryClient = useQueryClient();
  const refresh = useRefreshPledges();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      api.put<StaffPledge>(`${DONATIONS}/${id}/reminders/`, { enabled }),
    onSuccess: (pledge) => {
      queryClient.setQueryData(queryKeys.pledges.detail(pledge.id), pledge);
      void refresh();
    },
  });
}

export function useSendStatement() {
  return useMutation({
    mutationFn: (id: number) => api.post<MessageAnswer>(`${DONATIONS}/${id}/statement/`),
  });
}

export function useSendTaxYearStatements() {
  return useMutation({
    mutationFn: (taxYear: string) =>
      api.post<TaxYearStatementsAnswer>('/api/admin/building-fund/statements/', { tax_year: taxYear }),
  });
}

/** One pledge as the details modal keeps it current; the row it was opened from is shown meanwhile. */
export function usePledge(pledge: StaffPledge) {
  return useQuery({
    queryKey: queryKeys.pledges.detail(pledge.id),
    queryFn: () => api.get<StaffPledge>(`${DONATIONS}/${pledge.id}/`),
    initialData: pledge,
  });
}

const FUND = '/api/admin/building-fund';

/** A pledge's gifts, with the pledge as they leave it. */
export function usePledgeGifts(pledgeId: number) {
  return useQuery({
    queryKey: queryKeys.pledges.gifts(pledgeId),
    queryFn: () => api.get<PledgeGifts>(`${DONATIONS}/${pledgeId}/gifts/`),
  });
}

/** Recording or deleting a gift answers the pledge; the list, summary and public progress follow. */
function useGiftChange<Input>(call: (input: Input) => Promise<StaffPledge>) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPledges();
  return useMutation({
    mutationFn: call,
    onSuccess: (pledge) => {
      queryClient.setQueryData(queryKeys.pledges.detail(pledge.id), pledge);
      void refresh();
      void queryClient.invalidateQueries({ queryKey: queryKeys.fundProgress() });
    },
  });
}

export function useRecordGift(pledgeId: number) {
  return useGiftChange((gift: GiftRequest) => api.post<StaffPledge>(`${DONATIONS}/${pledgeId}/gifts/`, gift));
}

export function useDeleteGift(pledgeId: number) {
  return useGiftChange((giftId: number) => api.delete<StaffPledge>(`${DONATIONS}/${pledgeId}/gifts/${giftId}/`));
}

export function useOneOffGifts() {
  return useQuery({
    queryKey: queryKeys.oneOffGifts(),
    queryFn: () => api.get<GiftList>(`${FUND}/gifts/`),
  });
}

export function useRecordOneOffGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gift: OneOffGiftRequest) => api.post<Gift>(`${FUND}/gifts/`, gift),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.oneOffGifts() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fundProgress() });
    },
  });
}

export function useDeleteOneOffGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${FUND}/gifts/${id}/`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.oneOffGifts() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fundProgress() });
    },
  });
}

export function useFundSettings() {
  return useQuery({
    queryKey: queryKeys.fundSettings(),
    queryFn: () => api.get<FundSettings>(`${FUND}/settings/`),
  });
}

export function useSaveFundSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: FundSettingsRequest) => api.put<FundSettings>(`${FUND}/settings/`, settings),
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.fundSettings(), settings);
      void queryClient.invalidateQueries({ queryKey: queryKeys.fundProgress() });
    },
  });
}
