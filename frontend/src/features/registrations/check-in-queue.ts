import type { CheckInAnswer } from '@gather/contracts';
import { api, NetworkError } from '../../lib/api';

/** A check-in as the phone made it: its own id, so sending it again (after the network came back) counts once. */
export interface PendingCheckIn {
  client_id: string;
  ticket?: string;
  registration_id?: number;
  at: string;
}

const keyOf = (eventId: number) => `gather:check-ins:${eventId}`;

/** Check-ins made while the network was away, kept on the phone until the server has them. */
export function pendingCheckIns(eventId: number): PendingCheckIn[] {
  try {
    return JSON.parse(localStorage.getItem(keyOf(eventId)) ?? '[]') as PendingCheckIn[];
  } catch {
    return [];
  }
}

function keep(eventId: number, pending: PendingCheckIn[]): void {
  localStorage.setItem(keyOf(eventId), JSON.stringify(pending));
}

export function newCheckIn(fields: { ticket?: string; registration_id?: number }): PendingCheckIn {
  return { client_id: crypto.randomUUID(), at: new Date().toISOString(), ...fields };
}

/**
 * Sends one check-in; without a network it is kept to send later and answers undefined. Any answer from the
 * server (a refusal too) settles it.
 */
export async function sendCheckIn(eventId: number, checkIn: PendingCheckIn): Promise<CheckInAnswer | undefined> {
  keep(eventId, [...pendingCheckIns(eventId).filter((each) => each.client_id !== checkIn.client_id), checkIn]);
  try {
    const answer = await api.post<CheckInAnswer>(`/api/admin/events/${eventId}/check-ins/`, checkIn);
    settle(eventId, checkIn.client_id);
    return answer;
  } catch (error) {
    if (error instanceof NetworkError) return undefined;
    settle(eventId, checkIn.client_id);
    throw error;
  }
}

/** Sends what was kept, oldest first, stopping while the network is still away. Answers how many went. */
export async function replayCheckIns(eventId: number): Promise<number> {
  let sent = 0;
  for (const checkIn of pendingCheckIns(eventId)) {
    try {
      await api.post<CheckInAnswer>(`/api/admin/events/${eventId}/check-ins/`, checkIn);
    } catch (error) {
      if (error instanceof NetworkError) break;
    }
    settle(eventId, checkIn.client_id);
    sent += 1;
  }
  return sent;
}

function settle(eventId: number, clientId: string): void {
  keep(
    eventId,
    pendingCheckIns(eventId).filter((each) => each.client_id !== clientId),
  );
}
