import { liveRooms, type Page, type WallPrayer } from '@gather/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RoomDefinition } from '../../lib/live/connection';
import { useLiveConnection } from '../../lib/live/connections';
import { refetchUnlessRecovered, useRoom, type RoomMembership } from '../../lib/live/hooks';
import { queryKeys } from '../../lib/query-keys';
import { setPrayedCount } from './api';

const WALL_ROOM: RoomDefinition<'audience'> = {
  key: liveRooms.prayerWall,
  join: (audience, ack) => audience.emit('prayer-wall:join', ack),
};

const PRAYER_ROOM: RoomDefinition<'staff'> = {
  key: liveRooms.prayer,
  join: (staff, ack) => staff.emit('prayer:join', ack),
};

/** Keeps the wall current while it is open: approved requests appear, archived ones go, counts move. */
export function useWallRoom(): RoomMembership {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('audience').events;
  useEffect(() => {
    const shown = () => void queryClient.invalidateQueries({ queryKey: queryKeys.prayer.walls() });
    const hidden = ({ id }: { id: string }) =>
      queryClient.setQueriesData<Page<WallPrayer>>({ queryKey: queryKeys.prayer.walls() }, (page) =>
        page ? { ...page, results: page.results.filter((request) => request.id !== id) } : page,
      );
    const prayed = ({ id, prayed_count }: { id: string; prayed_count: number }) =>
      setPrayedCount(queryClient, id, prayed_count);
    socket.on('prayer:shown', shown);
    socket.on('prayer:hidden', hidden);
    socket.on('prayer:prayed', prayed);
    return () => {
      socket.off('prayer:shown', shown);
      socket.off('prayer:hidden', hidden);
      socket.off('prayer:prayed', prayed);
    };
  }, [socket, queryClient]);
  return useRoom('audience', WALL_ROOM, refetchUnlessRecovered(queryClient, [queryKeys.prayer.walls()]));
}

/** New and changed requests reach the pastoral team's list at once. */
export function usePrayerRoom(): RoomMembership {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('staff').events;
  useEffect(() => {
    const changed = () => void queryClient.invalidateQueries({ queryKey: queryKeys.prayer.staffAll() });
    socket.on('prayer:created', changed);
    socket.on('prayer:updated', changed);
    return () => {
      socket.off('prayer:created', changed);
      socket.off('prayer:updated', changed);
    };
  }, [socket, queryClient]);
  return useRoom('staff', PRAYER_ROOM, refetchUnlessRecovered(queryClient, [queryKeys.prayer.staffAll()]));
}
