import type {
  Campaign,
  CampaignDetail,
  CampaignDraft,
  CampaignKind,
  CampaignPreview,
  CampaignStatus,
  CustomSender,
  EmailSendAnswer,
  Page,
  PageQuery,
  Recipient,
} from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useJobsFallback } from '../../../lib/live/jobs';
import { readFollowed } from '../../../lib/live/pushed';
import { queryKeys } from '../../../lib/query-keys';

/** How often a sending campaign is re-read while the live connection is down. */
export const CAMPAIGN_POLL_MS = 3_000;

export function useRecipients() {
  return useQuery({
    queryKey: queryKeys.email.recipients(),
    queryFn: () => api.get<{ recipients: Recipient[] }>('/api/admin/email/recipients/'),
    select: (answer) => answer.recipients,
  });
}

export function useCustomSenders() {
  return useQuery({
    queryKey: queryKeys.email.senders(),
    queryFn: () => api.get<{ custom_senders: CustomSender[] }>('/api/admin/email/custom-senders/'),
    select: (answer) => answer.custom_senders,
  });
}

export interface EmailRequest {
  recipients: { email: string; name: string }[];
  subject: string;
  content: string;
  from_email?: string;
  from_name?: string;
  kind: CampaignKind;
}

const CAMPAIGNS = '/api/admin/email/campaigns/';

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EmailRequest) => api.post<EmailSendAnswer>('/api/admin/email/send/', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.lists() }),
  });
}

const isSending = (campaign: Campaign | undefined) => campaign?.status === 'sending';

/** Pushed by the jobs room; re-read only while it sends and the jobs room is not followed (offline, or joining). */
export function useCampaign(campaignId: number | null) {
  const fallback = useJobsFallback(CAMPAIGN_POLL_MS);
  return useQuery({
    queryKey: queryKeys.campaigns.detail(campaignId ?? 0),
    // Progress pushed while the detail is read is newer than its answer (the worker reads the counts it pushes).
    queryFn: readFollowed<CampaignDetail>(() => api.get(`${CAMPAIGNS}${campaignId}/`)),
    enabled: campaignId !== null,
    refetchInterval: (query) => (isSending(query.state.data) ? fallback : false),
  });
}

export function useCampaigns(query: Partial<PageQuery> & { status?: CampaignStatus }) {
  const fallback = useJobsFallback(CAMPAIGN_POLL_MS);
  return useQuery({
    queryKey: queryKeys.campaigns.list(query),
    queryFn: () => api.get<Page<Campaign>>(CAMPAIGNS, query),
    refetchInterval: (state) => (state.state.data?.results.some(isSending) ? fallback : false),
    placeholderData: (previous) => previous,
  });
}

/** A draft as the editor holds it: everything it saves, each time (a field left out would keep its old value). */
export type DraftBody = Required<Pick<CampaignDraft, 'recipients' | 'subject' | 'content' | 'kind'>> & {
  from_email: string;
  from_name: string;
};

/** Saves the draft: a new one the first time, then changes to the same one. */
export function saveDraft(draftId: number | null, body: DraftBody): Promise<CampaignDetail> {
  return draftId === null
    ? api.post<CampaignDetail>(CAMPAIGNS, body)
    : api.patch<CampaignDetail>(`${CAMPAIGNS}${draftId}/`, body);
}

export function useDraft(draftId: number | null) {
  return useQuery({
    queryKey: queryKeys.campaigns.detail(draftId ?? 0),
    queryFn: () => api.get<CampaignDetail>(`${CAMPAIGNS}${draftId}/`),
    enabled: draftId !== null,
    staleTime: Infinity,
  });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: number) => api.delete(`${CAMPAIGNS}${campaignId}/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.lists() }),
  });
}

export function useDuplicateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: number) => api.post<CampaignDetail>(`${CAMPAIGNS}${campaignId}/duplicate/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.lists() }),
  });
}

/** Always read afresh: the draft may have changed since the last look. */
export function usePreview(campaignId: number) {
  return useQuery({
    queryKey: queryKeys.campaigns.preview(campaignId),
    queryFn: () => api.get<CampaignPreview>(`${CAMPAIGNS}${campaignId}/preview/`),
    gcTime: 0,
  });
}

export function useSendTest() {
  return useMutation({
    mutationFn: ({ campaignId, emails }: { campaignId: number; emails: string[] }) =>
      api.post<void>(`${CAMPAIGNS}${campaignId}/test/`, { emails }),
  });
}

/** What staff may do to a campaign once written; each answers the campaign as it now stands. */
export type CampaignAction = 'schedule' | 'unschedule' | 'pause' | 'resume' | 'cancel' | 'retry-failed';

export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, action, body }: { campaignId: number; action: CampaignAction; body?: unknown }) =>
      api.post<Campaign>(`${CAMPAIGNS}${campaignId}/${action}/`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all() }),
  });
}
