import { liveRooms } from '@gather/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RoomDefinition } from '../../lib/live/connection';
import { useLiveConnection } from '../../lib/live/connections';
import { refetchUnlessRecovered, useRoom, type RoomMembership } from '../../lib/live/hooks';
import { queryKeys } from '../../lib/query-keys';

const ATTENTION_ROOM: RoomDefinition<'staff'> = {
  key: liveRooms.attention,
  join: (staff, ack) => staff.emit('attention:join', ack),
};

/**
 * Follows what waits for staff (`queryKeys.attention`): the counts are refetched whenever the server
 * says they changed (a form sent, a message read, a question or upload waiting or decided).
 */
export function useAttentionRoom(): RoomMembership {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('staff').events;
  useEffect(() => {
    const changed = () => void queryClient.invalidateQueries({ queryKey: queryKeys.attention() });
    socket.on('attention:changed', changed);
    return () => {
      socket.off('attention:changed', changed);
    };
  }, [socket, queryClient]);
  return useRoom('staff', ATTENTION_ROOM, refetchUnlessRecovered(queryClient, [queryKeys.attention()]));
}
