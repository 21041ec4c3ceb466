import { liveRooms, type RegisterAnswer, type RegistrationState } from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import type { RoomDefinition } from '../../lib/live/connection';
import { useLiveConnection } from '../../lib/live/connections';
import { refetchUnlessRecovered, useRoom } from '../../lib/live/hooks';
import { queryKeys } from '../../lib/query-keys';

export function useRegistrationState(eventId: number) {
  return useQuery({
    queryKey: queryKeys.events.registration(eventId),
    queryFn: () => api.get<RegistrationState>(`/api/events/${eventId}/registration/`),
    enabled: Number.isInteger(eventId) && eventId > 0,
  });
}

export function useRegister(eventId: number) {
  return useMutation({
    mutationFn: (form: Record<string, unknown>) => api.post<RegisterAnswer>(`/api/events/${eventId}/register/`, form),
  });
}

/** Keeps the places left current while the page is open: every sign-up anywhere moves them. */
export function usePlacesLeft(eventId: number, following: boolean) {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('audience').events;
  useEffect(() => {
    if (!following) return;
    const key = queryKeys.events.registration(eventId);
    const moved = (event: { event_id: number; places_left: number }) => {
      if (event.event_id !== eventId) return;
      queryClient.setQueryData<RegistrationState>(
        key,
        (state) => state && { ...state, places_left: event.places_left },
      );
    };
    socket.on('event:places', moved);
    return () => void socket.off('event:places', moved);
  }, [socket, queryClient, eventId, following]);
  const room: RoomDefinition<'audience'> | null = following
    ? { key: liveRooms.event(eventId), join: (audience, ack) => audience.emit('event:join', String(eventId), ack) }
    : null;
  return useRoom('audience', room, refetchUnlessRecovered(queryClient, [queryKeys.events.registration(eventId)]));
}
