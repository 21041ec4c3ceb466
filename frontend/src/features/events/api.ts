import { useQuery } from '@tanstack/react-query';
import type { ChurchEvent } from '@gather/contracts';
import { api, listOf } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

type EventList = ChurchEvent[] | { results?: ChurchEvent[] };

export function useUpcomingEvents() {
  return useQuery({
    queryKey: queryKeys.events.upcoming(),
    queryFn: async () => listOf(await api.get<EventList>('/api/events/upcoming/')),
  });
}

export function useSpecialEvents() {
  return useQuery({
    queryKey: queryKeys.events.special(),
    queryFn: async () => listOf(await api.get<EventList>('/api/events/special/')),
  });
}

export function useEvent(eventId: number) {
  return useQuery({
    queryKey: queryKeys.events.one(eventId),
    queryFn: () => api.get<ChurchEvent>(`/api/events/${eventId}/`),
    enabled: Number.isInteger(eventId) && eventId > 0,
  });
}
