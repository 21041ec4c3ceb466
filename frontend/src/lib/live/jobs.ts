import { liveRooms, type JobProgress } from '@gather/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { RoomDefinition } from './connection';
import { useLiveConnection } from './connections';
import { refetchUnlessRecovered, useRoom, type RoomMembership } from './hooks';

/** What the worker reports progress of: a download-all zip (`export`) or a campaign being sent. */
export type JobKind = JobProgress['kind'];
export type JobProgressOf<K extends JobKind> = Extract<JobProgress, { kind: K }>;

/** Writes one job's progress into the cache; `completed` for the job's last report. */
export type ApplyJobProgress<K extends JobKind> = (
  queryClient: QueryClient,
  event: JobProgressOf<K>,
  completed: boolean,
) => void;

const JOBS_ROOM: RoomDefinition<'staff'> = { key: liveRooms.jobs, join: (staff, ack) => staff.emit('jobs:join', ack) };

/**
 * Follows background work, for staff: each progress report of a job of `kind` goes through `apply`
 * (give a function that stays the same, not a new one each render), and after a join that lost events
 * the queries under `covered` are fetched again. Screens following different kinds share the one room.
 */
export function useJobsRoom<K extends JobKind>(
  kind: K,
  apply: ApplyJobProgress<K>,
  covered: readonly (readonly unknown[])[],
): RoomMembership {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('staff').events;
  useEffect(() => {
    const ofKind = (event: JobProgress): event is JobProgressOf<K> => event.kind === kind;
    const progress = (event: JobProgress) => {
      if (ofKind(event)) apply(queryClient, event, false);
    };
    const completed = (event: JobProgress) => {
      if (ofKind(event)) apply(queryClient, event, true);
    };
    socket.on('job:progress', progress);
    socket.on('job:completed', completed);
    return () => {
      socket.off('job:progress', progress);
      socket.off('job:completed', completed);
    };
  }, [socket, queryClient, kind, apply]);
  return useRoom('staff', JOBS_ROOM, refetchUnlessRecovered(queryClient, covered));
}

/**
 * react-query's `refetchInterval` for what the jobs room pushes: none while the room is joined, the
 * given interval otherwise (offline, or connected but the join not answered yet), so counts never
 * wait on a room that is not followed.
 */
export function useJobsFallback(intervalMs: number): number | false {
  const connection = useLiveConnection('staff');
  const joined = useSyncExternalStore(
    connection.subscribe,
    () => connection.roomStatus(liveRooms.jobs).state === 'joined',
    () => false,
  );
  return joined ? false : intervalMs;
}
