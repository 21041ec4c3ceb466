import {
  liveRooms,
  type ChurchEvent,
  type RegistrationCounts,
  type RegistrationList,
  type RegistrationSettings,
  type StaffRegistration,
} from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import type { RoomDefinition } from '../../lib/live/connection';
import { useLiveConnection } from '../../lib/live/connections';
import { refetchUnlessRecovered, useRoom } from '../../lib/live/hooks';
import { queryKeys } from '../../lib/query-keys';

const base = (eventId: number) => `/api/admin/events/${eventId}`;

export function useRegistrations(eventId: number, search: string) {
  return useQuery({
    queryKey: queryKeys.registrations.list(eventId, search),
    queryFn: () => api.get<RegistrationList>(`${base(eventId)}/registrations/`, { search }),
  });
}

/** The event's title and date, for the top of its sign-up pages. */
export function useEvent(eventId: number) {
  return useQuery({
    queryKey: queryKeys.events.one(eventId),
    queryFn: () => api.get<ChurchEvent>(`/api/events/${eventId}/`),
  });
}

export function useRegistrationSettings(eventId: number) {
  return useQuery({
    queryKey: queryKeys.registrations.settings(eventId),
    queryFn: () => api.get<RegistrationSettings>(`${base(eventId)}/registration/`),
  });
}

/** Every change to an event's sign-ups refreshes its list and settings, and the event's public page. */
function useSignUpChange<Input, Answer>(eventId: number, call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.registrations.ofEvent(eventId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.registration(eventId) });
    },
  });
}

export function useSaveRegistrationSettings(eventId: number) {
  return useSignUpChange(eventId, (body: unknown) =>
    api.put<RegistrationSettings>(`${base(eventId)}/registration/`, body),
  );
}

export function useAddRegistration(eventId: number) {
  return useSignUpChange(eventId, (body: unknown) =>
    api.post<StaffRegistration>(`${base(eventId)}/registrations/`, body),
  );
}

/** Cancel a sign-up, or move it off the waiting list to a place. */
export function useRegistrationAction(eventId: number) {
  return useSignUpChange(eventId, ({ id, action }: { id: number; action: 'cancel' | 'confirm' }) =>
    api.post<StaffRegistration>(`${base(eventId)}/registrations/${id}/${action}/`),
  );
}

export function useEmailSignedUp(eventId: number) {
  return useMutation({
    mutationFn: (body: { subject: string; content: string }) =>
      api.post<{ recipients: number; message: string }>(`${base(eventId)}/registrations/email/`, body),
  });
}

/** A plain link: the browser downloads the CSV itself. */
export const exportUrl = (eventId: number) => `${base(eventId)}/registrations/export/`;

/**
 * Follows an event's sign-ups: every check-in phone and list gets the new counts at once, and refetches its
 * list when they changed (a sign-up, a cancellation, someone checked in elsewhere).
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
      void queryClient.invalidateQueries({ queryKey: queryKeys.registrations.lists(eventId) });
    };
    socket.on('registrations:counts', counted);
    return () => {
      socket.off('registrations:counts', counted);
    };
  }, [socket, queryClient, eventId]);
  const room: RoomDefinition<'staff'> = {
    key: liveRooms.event(eventId),
    join: (staff, ack) => staff.emit('event:join', String(eventId), ack),
    leave: (staff) => staff.emit('event:leave', String(eventId)),
  };
  return useRoom('staff', room, refetchUnlessRecovered(queryClient, [queryKeys.registrations.ofEvent(eventId)]));
}
