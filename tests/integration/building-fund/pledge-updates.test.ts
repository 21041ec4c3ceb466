import { describe, expect, it } from 'vitest';
import { londonToday, shiftDay } from '../../support/calendar-days.js';
import { DONATIONS, StaffPledges } from '../../support/staff-pledges.js';

const pledges = StaffPledges.forFile();
const { get, send, addPledges, stored } = pledges;

describe('one pledge', () => {
  it('answers a pledge by id, 404 for an unknown or malformed one', async () => {
    const [id] = await addPledges({ adminNotes: 'Prefers e-mail' });
    const answer = await get(`${DONATIONS}${id}/`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id, admin_notes: 'Prefers e-mail', payment_status: 'pending' });
    expect((await get(`${DONATIONS}${id! + 1000}/`)).body).toEqual({ detail: 'Not found.' });
    expect((await get(`${DONATIONS}first/`)).status).toBe(404);
  });

  it('changes the status any way with PATCH and the notes with PUT, keeping the other field', async () => {
    const [id] = await addPledges({ paymentStatus: 'completed', payByDate: shiftDay(londonToday(), -2) });

    const patched = await send('PATCH', `${DONATIONS}${id}/`, { payment_status: 'pending' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ payment_status: 'pending', is_overdue: true, admin_notes: '' });

    const put = await send('PUT', `${DONATIONS}${id}/`, { admin_notes: '  Will pay in March  ' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ payment_status: 'pending', admin_notes: 'Will pay in March' });

    const both = await send('PATCH', `${DONATIONS}${id}/`, { payment_status: 'confirmed', admin_notes: '' });
    expect(both.body).toMatchObject({ payment_status: 'confirmed', admin_notes: '' });

    const [row] = await stored([id!]);
    expect(row).toMatchObject({ paymentStatus: 'confirmed', adminNotes: '' });
  });

  it.each([
    [{}, 'non_field_errors'],
    [{ payment_status: 'refunded' }, 'payment_status'],
    [{ admin_notes: 'x'.repeat(5001) }, 'admin_notes'],
    [{ admin_notes: 42 }, 'admin_notes'],
  ])('refuses the update %j under %s and changes nothing', async (body, field) => {
    const [id] = await addPledges({ adminNotes: 'Unchanged' });
    const answer = await send('PATCH', `${DONATIONS}${id}/`, body);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual([field]);
    const [row] = await stored([id!]);
    expect(row).toMatchObject({ paymentStatus: 'pending', adminNotes: 'Unchanged' });
  });

  it('answers 404 when updating or deleting an unknown pledge', async () => {
    expect((await send('PUT', `${DONATIONS}999999/`, { payment_status: 'confirmed' })).status).toBe(404);
    expect((await send('DELETE', `${DONATIONS}999999/`, undefined)).status).toBe(404);
  });

  it('deletes a pledge', async () => {
    const [id, kept] = await addPledges({}, {});
    expect((await send('DELETE', `${DONATIONS}${id}/`, undefined)).status).toBe(204);
    expect((await stored([id!, kept!])).map((row) => row.id)).toEqual([kept]);
  });
});

describe('bulk actions', () => {
  const BULK = `${DONATIONS}bulk/`;

  it('confirms several pledges at once, and changes nothing when one id is unknown', async () => {
    const ids = await addPledges({}, {}, {}, { firstName: 'Untouched' });
    const three = ids.slice(0, 3);
    const confirmed = await send('POST', BULK, { ids: three, payment_status: 'confirmed' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ updated: 3 });
    const statuses = async () => Object.fromEntries((await stored(ids)).map((row) => [row.id, row.paymentStatus]));
    expect(await statuses()).toEqual({
      [ids[0]!]: 'confirmed',
      [ids[1]!]: 'confirmed',
      [ids[2]!]: 'confirmed',
      [ids[3]!]: 'pending',
    });

    const unknownA = ids[3]! + 900;
    const unknownB = ids[3]! + 100;
    const refused = await send('POST', BULK, {
      ids: [ids[0], unknownA, ids[3], unknownB],
      payment_status: 'completed',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ ids: [`Unknown donation ids: ${unknownB}, ${unknownA}.`] });
    expect(await statuses()).toEqual({
      [ids[0]!]: 'confirmed',
      [ids[1]!]: 'confirmed',
      [ids[2]!]: 'confirmed',
      [ids[3]!]: 'pending',
    });

    const deleteRefused = await send('POST', BULK, { ids: [ids[0], unknownA], delete: true });
    expect(deleteRefused.status).toBe(400);
    expect(await stored(ids)).toHaveLength(4);
  });

  it('deletes several pledges at once', async () => {
    const ids = await addPledges({}, {}, { firstName: 'Kept' });
    const answer = await send('POST', BULK, { ids: ids.slice(0, 2), delete: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ deleted: 2 });
    expect((await stored(ids)).map((row) => row.firstName)).toEqual(['Kept']);
  });

  it.each([
    [{ payment_status: 'confirmed' }, 'ids'],
    [{ ids: [], payment_status: 'confirmed' }, 'ids'],
    [{ ids: [1, 1], payment_status: 'confirmed' }, 'ids'],
    [{ ids: Array.from({ length: 501 }, (_, i) => i + 1), payment_status: 'confirmed' }, 'ids'],
    [{ ids: [1], payment_status: 'pending' }, 'payment_status'],
    [{ ids: [1] }, 'non_field_errors'],
    [{ ids: [1], payment_status: 'confirmed', delete: true }, 'non_field_errors'],
    [{ ids: [1], delete: false }, 'delete'],
  ])('refuses %j under %s', async (body, field) => {
    const answer = await send('POST', BULK, body);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual([field]);
  });
});
