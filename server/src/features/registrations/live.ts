import { liveRooms, type RegistrationCounts, type StaffRegistration } from '@gather/contracts';
import type { StaffAndAudienceRoom } from '../../platform/live/namespaces.js';
import type { LivePublisher } from '../../platform/live/publisher.js';
import type { Database } from '../../platform/database/client.js';
import { RegistrationRepository } from './repository.js';

/**
 * Staff who manage events follow any event's sign-ups, so a page opened before sign-ups were turned on follows
 * the first ones; anyone follows its places left, while it takes sign-ups.
 */
export function eventRooms(db: Database): StaffAndAudienceRoom {
  const registrations = new RegistrationRepository(db);
  const ids = /^[1-9][0-9]{0,9}$/;
  return {
    staff: {
      roles: ['content'],
      join: 'event:join',
      leave: 'event:leave',
      room: liveRooms.event,
      ids,
      allowed: (id) => registrations.eventExists(Number(id)),
    },
    audience: {
      join: 'event:join',
      room: liveRooms.event,
      ids,
      allowed: async (id) => (await registrations.settings(Number(id)))?.enabled === true,
    },
  };
}

/** An event's sign-up news once a change is committed. */
export class RegistrationLive {
  constructor(private readonly live: LivePublisher) {}

  placesChanged(eventId: number, counts: RegistrationCounts): void {
    const room = liveRooms.event(eventId);
    const placesLeft = Math.max(counts.capacity - counts.places_taken, 0);
    this.live.send(
      { namespace: 'audience', room, event: 'event:places', payload: { event_id: eventId, places_left: placesLeft } },
      { namespace: 'staff', room, event: 'registrations:counts', payload: { event_id: eventId, counts } },
    );
  }

  checkedIn(eventId: number, registration: StaffRegistration, counts: RegistrationCounts): void {
    const room = liveRooms.event(eventId);
    this.live.send(
      { namespace: 'staff', room, event: 'registration:checked-in', payload: { event_id: eventId, registration } },
      { namespace: 'staff', room, event: 'registrations:counts', payload: { event_id: eventId, counts } },
    );
  }
}
