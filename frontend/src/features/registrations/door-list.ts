import type { StaffRegistration } from '@gather/contracts';
import type { PendingCheckIn } from './check-in-queue';

/** A confirmed person at the door, and whether this phone holds a check-in for them not yet sent. */
export interface DoorPerson {
  row: StaffRegistration;
  waiting: boolean;
}

/**
 * The door's list, found on the phone rather than by the server: a hall's Wi-Fi drops, and the name of someone
 * who just arrived must still be found. It matches as the sign-ups search does: part of a name or an address,
 * ignoring case.
 */
export function doorList(registrations: StaffRegistration[], search: string, pending: PendingCheckIn[]): DoorPerson[] {
  const wanted = search.trim().toLocaleLowerCase();
  const kept = new Set(pending.map((checkIn) => checkIn.registration_id));
  return registrations
    .filter((row) => row.status === 'confirmed')
    .filter((row) => !wanted || `${row.name}\n${row.email}`.toLocaleLowerCase().includes(wanted))
    .map((row) => ({ row, waiting: kept.has(row.id) }));
}
