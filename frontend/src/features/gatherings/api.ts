import type { CurrentGathering, PublicGathering, WeeklyService } from '@gather/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useCurrentGathering() {
  return useQuery({
    queryKey: queryKeys.gatherings.current(),
    queryFn: () => api.get<CurrentGathering>('/api/gatherings/public/current/'),
  });
}

export function usePublicGathering(gatheringId: string) {
  return useQuery({
    queryKey: queryKeys.gatherings.public(gatheringId),
    queryFn: () => api.get<PublicGathering>(`/api/gatherings/public/${encodeURIComponent(gatheringId)}/`),
    retry: false,
  });
}

/** The weekly services staff keep (GET /api/services/), for a gathering with nothing linked yet. */
export function useWeeklyServices() {
  return useQuery({
    queryKey: queryKeys.services.list(),
    queryFn: () => api.get<WeeklyService[]>('/api/services/'),
  });
}
