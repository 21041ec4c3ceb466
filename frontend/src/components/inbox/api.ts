import type { ConnectSubmission, ContactSubmission, GivingSubmission, Page } from '@gather/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The spec's inbox paging: ten a page, newest first. */
export const INBOX_PAGE_SIZE = 10;
const NEWEST_FIRST = '-created_at';

export interface InboxQuery {
  page: number;
  search: string;
  /** The inbox's own filter flag (`is_read`, `is_processed` or `giving_type`) and its value. */
  filter: Record<string, string>;
}

const INBOXES = {
  contact: { path: '/api/admin/contact-submissions/', key: queryKeys.inboxes.contact },
  connect: { path: '/api/admin/connect-submissions/', key: queryKeys.inboxes.connect },
  giving: { path: '/api/admin/giving-submissions/', key: queryKeys.inboxes.giving },
} as const;

export type InboxKind = keyof typeof INBOXES;
type RowOf<K extends InboxKind> = {
  contact: ContactSubmission;
  connect: ConnectSubmission;
  giving: GivingSubmission;
}[K];

export function useInbox<K extends InboxKind>(kind: K, query: InboxQuery) {
  const { path, key } = INBOXES[kind];
  return useQuery({
    queryKey: key(query),
    queryFn: () =>
      api.get<Page<RowOf<K>>>(path, {
        page: query.page,
        page_size: INBOX_PAGE_SIZE,
        ordering: NEWEST_FIRST,
        search: query.search,
        ...query.filter,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every page of one inbox: a change to one message can move it between filtered pages. */
const inboxPrefix = (kind: InboxKind) => INBOXES[kind].key({}).slice(0, 2);

export function useDeleteSubmission(kind: InboxKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${INBOXES[kind].path}${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxPrefix(kind) }),
  });
}

const MARKS = {
  contact: { done: 'mark-read', undone: 'mark-unread' },
  connect: { done: 'mark-processed', undone: 'mark-unprocessed' },
} as const;

/** Marks a contact message read or a connect card processed, or (`handled` false, the Undo) back again. */
export function useMarkHandled<K extends 'contact' | 'connect'>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      api.post<RowOf<K>>(`${INBOXES[kind].path}${id}/${MARKS[kind][handled ? 'done' : 'undone']}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxPrefix(kind) }),
  });
}
