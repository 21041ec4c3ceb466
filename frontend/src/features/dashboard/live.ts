import { liveRooms, type RegistrationCounts, type TodaysArrivals } from '@gather/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RoomDefinition } from '../../lib/live/connection';
import { useLiveConnection } from '../../lib/live/connections';
import { refetchUnlessRecovered, useRoom } from '../../lib/live/hooks';
import { applyPushed } from '../../lib/live/pushed';
import { queryKeys } from '../../lib/query-keys';

/** Today's arrivals take each door's new counts as the check-in phones send them, without a reload. */
export function useArrivalCounts() {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('staff').events;
  useEffect(() => {
    const counted = (news: { event_id: number; counts: RegistrationCounts }) => {
      applyPushed<TodaysArrivals>(
        queryClient,
        queryKeys.registrations.arrivals(),
        (today) =>
          today && {
            events: today.events.map((event) =>
              event.event_id === news.event_id
                ? {
                    ...event,
                    arrived: news.counts.arrived,
                    places_taken: news.counts.places_taken,
                    capacity: news.counts.capacity,
                  }
                : event,
            ),
          },
      );
    };
    socket.on('registrations:counts', counted);
    return () => {
      socket.off('registrations:counts', counted);
    };
  }, [socket, queryClient]);
}

/** Follows one of today's events while the dashboard shows it. */
export function useEventDoor(eventId: number) {
  const queryClient = useQueryClient();
  const room: RoomDefinition<'staff'> = {
    key: liveRooms.event(eventId),
    join: (staff, ack) => staff.emit('event:join', String(eventId), ack),
    leave: (staff) => staff.emit('event:leave', String(eventId)),
  };
  return useRoom('staff', room, refetchUnlessRecovered(queryClient, [queryKeys.registrations.arrivals()]));
}
