import type {
  Campaign,
  CampaignKind,
  CampaignDetail,
  CustomSender,
  EmailSendAnswer,
  Page,
  PageQuery,
  Recipient,
} from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePollingFallback } from '../../lib/live/hooks';
import { queryKeys } from '../../lib/query-keys';

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

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EmailRequest) => api.post<EmailSendAnswer>('/api/admin/email/send/', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.lists() }),
  });
}

const isSending = (campaign: Campaign | undefined) => campaign?.status === 'sending';

/** Pushed by the jobs room; re-read only while it sends and the live connection is down. */
export function useCampaign(campaignId: number | null) {
  const fallback = usePollingFallback(CAMPAIGN_POLL_MS);
  return useQuery({
    queryKey: queryKeys.campaigns.detail(campaignId ?? 0),
    queryFn: () => api.get<CampaignDetail>(`/api/admin/email/campaigns/${campaignId}/`),
    enabled: campaignId !== null,
    refetchInterval: (query) => (isSending(query.state.data) ? fallback : false),
  });
}

export function useCampaigns(query: Partial<PageQuery>) {
  const fallback = usePollingFallback(CAMPAIGN_POLL_MS);
  return useQuery({
    queryKey: queryKeys.campaigns.list(query),
    queryFn: () => api.get<Page<Campaign>>('/api/admin/email/campaigns/', query),
    refetchInterval: (state) => (state.state.data?.results.some(isSending) ? fallback : false),
    placeholderData: (previous) => previous,
  });
}

export function useCancelCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: number) => api.post<Campaign>(`/api/admin/email/campaigns/${campaignId}/cancel/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all() }),
  });
}
