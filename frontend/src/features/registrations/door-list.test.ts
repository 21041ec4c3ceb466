import type { StaffRegistration } from '@gather/contracts';
import { describe, expect, it } from 'vitest';
import { doorList } from './door-list';

const person = (id: number, name: string, email: string, status = 'confirmed'): StaffRegistration => ({
  id,
  ticket: `t${id}`,
  name,
  email,
  party: 1,
  answers: {},
  status: status as StaffRegistration['status'],
  waitlist_position: null,
  offer_expires_at: null,
  checked_in_at: null,
  created_at: '2026-11-28T10:00:00.000Z',
});

const signUps = [
  person(1, 'Ruth Hale', 'ruth@example.org'),
  person(2, 'Boaz Field', 'bf@example.org'),
  person(3, 'Naomi Ward', 'naomi@example.org', 'waitlisted'),
];

describe('the door list', () => {
  it('finds part of a name or of an address, ignoring case, among confirmed people only', () => {
    expect(doorList(signUps, '  BOAZ ', []).map((each) => each.row.name)).toEqual(['Boaz Field']);
    expect(doorList(signUps, 'ruth@', []).map((each) => each.row.name)).toEqual(['Ruth Hale']);
    expect(doorList(signUps, 'naomi', [])).toEqual([]);
    expect(doorList(signUps, '', []).map((each) => each.row.id)).toEqual([1, 2]);
  });

  it('marks who this phone checked in without sending it yet', () => {
    const kept = [{ client_id: 'c1', registration_id: 2, at: '2026-11-28T10:05:00.000Z' }];
    expect(doorList(signUps, '', kept).map((each) => each.waiting)).toEqual([false, true]);
  });
});
