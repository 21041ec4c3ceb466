import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import type { ConnectionState, LiveNamespace, OnJoined, RoomDefinition, RoomStatus } from './connection';
import { useLiveConnection } from './connections';

/**
 * A page drawn on the server is drawn as if still connecting and following nothing yet, and the
 * browser takes it over from that same state before its socket says otherwise.
 */
const onServer = {
  state: (): ConnectionState => 'connecting',
  roomStatus: (): RoomStatus | null => null,
};

export function useConnectionState(namespace: LiveNamespace = 'staff'): ConnectionState {
  const connection = useLiveConnection(namespace);
  return useSyncExternalStore(connection.subscribe, connection.getState, onServer.state);
}

/**
 * react-query's `refetchInterval` for a list that is also pushed: the spec's polling while the
 * socket is not connected, none while it is.
 */
export function usePollingFallback(intervalMs: number, namespace: LiveNamespace = 'staff'): number | false {
  return useConnectionState(namespace) === 'connected' ? false : intervalMs;
}

export interface RoomMembership {
  joined: boolean;
  /** The server's reason when it refused the room (the session or collection is gone or closed). */
  refusal: string | null;
}

const NOT_FOLLOWED: RoomMembership = { joined: false, refusal: null };

/** Follows a room while mounted (none while `room` is null), and says whether the server let it in. */
export function useRoom<N extends LiveNamespace>(
  namespace: N,
  room: RoomDefinition<N> | null,
  onJoined: OnJoined,
): RoomMembership {
  const connection = useLiveConnection(namespace);
  const joined = useEffectEvent(onJoined);
  const key = room?.key ?? null;
  useEffect(() => {
    if (!room) return;
    return connection.follow(room, (recovered) => joined(recovered));
    // The room is named by its key: a new definition object for the same key is the same room.
  }, [connection, key]);
  const status = useSyncExternalStore(
    connection.subscribe,
    () => (key ? connection.roomStatus(key) : null),
    onServer.roomStatus,
  );
  return status ? membershipOf(status) : NOT_FOLLOWED;
}

function membershipOf(status: RoomStatus): RoomMembership {
  return { joined: status.state === 'joined', refusal: status.state === 'refused' ? status.error : null };
}

/**
 * After a join that did not recover the connection, whatever was pushed while away (or before the
 * first join) is missing: refetch everything the room covers.
 */
export function refetchUnlessRecovered(queryClient: QueryClient, covered: readonly (readonly unknown[])[]): OnJoined {
  return (recovered: boolean) => {
    if (recovered) return;
    for (const queryKey of covered) void queryClient.invalidateQueries({ queryKey });
  };
}
