import type { Attention } from '@gather/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAttentionRoom } from './live';
import { queryKeys } from '../../lib/query-keys';

export type AttentionKind = keyof Attention;

/**
 * What waits for staff, in the dashboard's order: its line there, the filtered list it opens, and
 * the word a sidebar badge says its count with ("3 unread").
 */
export const ATTENTION_ITEMS: { kind: AttentionKind; label: string; to: string; badge: string }[] = [
  { kind: 'unread_contacts', label: 'Unread contact messages', to: '/admin/contacts?is_read=false', badge: 'unread' },
  {
    kind: 'new_connect_cards',
    label: 'New connect cards',
    to: '/admin/connections?is_processed=false',
    badge: 'new',
  },
  { kind: 'new_giving', label: 'Giving notifications this week', to: '/admin/giving', badge: 'new this week' },
  { kind: 'pledges_overdue', label: 'Pledges overdue', to: '/admin/building-fund?due=overdue', badge: 'overdue' },
  {
    kind: 'pledges_due_this_week',
    label: 'Pledges due this week',
    to: '/admin/building-fund?due=this_week',
    badge: 'due this week',
  },
  {
    kind: 'questions_waiting',
    label: 'Questions waiting in live sessions',
    to: '/admin/dashboard?section=qna',
    badge: 'questions waiting',
  },
  {
    kind: 'uploads_waiting',
    label: 'Uploads waiting for approval',
    to: '/admin/dashboard?section=photo-collections',
    badge: 'waiting for approval',
  },
  {
    kind: 'campaigns_with_failures',
    label: 'Campaigns with failures',
    to: '/admin/dashboard?section=emails',
    badge: 'with failures',
  },
  {
    kind: 'prayer_requests_waiting',
    label: 'New prayer requests',
    to: '/admin/prayer?status=new',
    badge: 'new',
  },
];

/** The counts, kept current by the staff live room: whoever shows them follows it. */
export function useAttention() {
  useAttentionRoom();
  return useQuery({ queryKey: queryKeys.attention(), queryFn: () => api.get<Attention>('/api/admin/attention/') });
}
