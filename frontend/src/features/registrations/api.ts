import { liveRooms, type RegistrationCounts, type RegistrationList } from '@gather/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import type { RoomDefinition } from '../../lib/live/connection';
import { useLiveConnection } from '../../lib/live/connections';
import { refetchUnlessRecovered, useRoom } from '../../lib/live/hooks';
import { queryKeys } from '../../lib/query-keys';

export function useRegistrations(eventId: number, search: string) {
  return useQuery({
    queryKey: queryKeys.registrations.list(eventId, search),
    queryFn: () => api.get<RegistrationList>(`/api/admin/events/${eventId}/registrations/`, { search }),
  });
}

/**
 * Follows an event's sign-ups: every check-in phone and list gets the new counts at once, and refetches its
 * list when someone was checked in elsewhere.
 */
export function useEventRoom(eventId: number) {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('staff').events;
  useEffect(() => {
    const counted = (event: { event_id: number; counts: RegistrationCounts }) => {
      if (event.event_id !== eventId) return;
      queryClient.setQueriesData<RegistrationList>(
        { queryKey: queryKeys.registrations.ofEvent(eventId) },
        (list) => list && { ...list, counts: event.counts },
      );
    };
    const arrived = (event: { event_id: number }) => {
      if (event.event_id === eventId)
        void queryClient.invalidateQueries({ queryKey: queryKeys.registrations.ofEvent(eventId) });
    };
    socket.on('registrations:counts', counted);
    socket.on('registration:checked-in', arrived);
    return () => {
      socket.off('registrations:counts', counted);
      socket.off('registration:checked-in', arrived);
    };
  }, [socket, queryClient, eventId]);
  const room: RoomDefinition<'staff'> = {
    key: liveRooms.event(eventId),
    join: (staff, ack) => staff.emit('event:join', String(eventId), ack),
    leave: (staff) => staff.emit('event:leave', String(eventId)),
  };
  return useRoom('staff', room, refetchUnlessRecovered(queryClient, [queryKeys.registrations.ofEvent(eventId)]));
}
