import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '@gather/server/platform/database/schema/services';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(() => app.close());

const prayer = {
  name: 'Prayer Meeting',
  day: 'Wednesday',
  time: '7:00 PM',
  description: 'An hour of prayer for the church and the city.',
  zoom_link: 'https://zoom.us/j/123456789',
};

const stored = async (id: number) => (await app.ctx.db.select().from(services).where(eq(services.id, id)))[0];

describe('staff managing weekly services', () => {
  it('creates a service, active by default, and shows it on the public list', async () => {
    const created = await app.call('POST', '/api/services/', prayer, staff.headers);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), ...prayer, is_active: true });

    expect(await stored(created.body.id)).toMatchObject({
      name: 'Prayer Meeting',
      day: 'Wednesday',
      time: '7:00 PM',
      zoomLink: 'https://zoom.us/j/123456789',
      isActive: true,
    });
    const publicList = await app.call('GET', '/api/services/');
    expect(publicList.body).toContainEqual(created.body);
  });

  it('trims texts and stores an empty zoom link as none', async () => {
    const created = await app.call(
      'POST',
      '/api/services/',
      { ...prayer, name: '  Youth Night  ', time: ' 6:30 PM ', zoom_link: '   ' },
      staff.headers,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Youth Night', time: '6:30 PM', zoom_link: null });
    expect((await stored(created.body.id))?.zoomLink).toBeNull();
  });

  it('edits a service, and deactivating it hides it from visitors but not from staff', async () => {
    const { body: created } = await app.call('POST', '/api/services/', prayer, staff.headers);
    const edited = await app.call(
      'PUT',
      `/api/services/${created.id}/`,
      { ...prayer, name: 'Midweek Prayer', day: 'Thursday', time: '8:00 PM', zoom_link: '', is_active: false },
      staff.headers,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({
      ...created,
      name: 'Midweek Prayer',
      day: 'Thursday',
      time: '8:00 PM',
      zoom_link: null,
      is_active: false,
    });
    expect(await stored(created.id)).toMatchObject({ name: 'Midweek Prayer', isActive: false, zoomLink: null });

    const publicIds = (await app.call('GET', '/api/services/')).body.map((service: { id: number }) => service.id);
    expect(publicIds).not.toContain(created.id);
    const adminList = await app.call('GET', '/api/admin/services/', undefined, staff.headers);
    expect(adminList.status).toBe(200);
    expect(adminList.body).toContainEqual(edited.body);
  });

  it('lists every service for staff in week order, Monday to Sunday', async () => {
    await app.ctx.db.insert(services).values([
      { name: 'Sunday Worship', day: 'Sunday', time: '10:00 AM', description: 'Main service' },
      { name: 'Early Bible Study', day: 'Monday', time: '6:00 AM', description: 'Study', isActive: false },
    ]);
    app.publicCache.changed();
    const { body } = await app.call('GET', '/api/admin/services/', undefined, staff.headers);
    const days = body.map((service: { day: string }) => service.day);
    expect(days[0]).toBe('Monday');
    expect(days.at(-1)).toBe('Sunday');
    expect(body.find((service: { name: string }) => service.name === 'Early Bible Study').is_active).toBe(false);
    const publicNames = (await app.call('GET', '/api/services/')).body.map((service: { name: string }) => service.name);
    expect(publicNames).toContain('Sunday Worship');
    expect(publicNames).not.toContain('Early Bible Study');
  });

  it('deletes a service, and a second delete finds nothing', async () => {
    const { body: created } = await app.call('POST', '/api/services/', prayer, staff.headers);
    const deleted = await app.call('DELETE', `/api/services/${created.id}/`, undefined, staff.headers);
    expect(deleted.status).toBe(204);
    expect(await stored(created.id)).toBeUndefined();
    const again = await app.call('DELETE', `/api/services/${created.id}/`, undefined, staff.headers);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: 'Not found.' });
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '-3']) {
      const edit = await app.call('PUT', `/api/services/${id}/`, prayer, staff.headers);
      expect(edit.status, id).toBe(404);
      expect(edit.body).toEqual({ detail: 'Not found.' });
      expect((await app.call('DELETE', `/api/services/${id}/`, undefined, staff.headers)).status, id).toBe(404);
    }
  });
});

describe('service validation', () => {
  const refused = async (body: unknown) => {
    const before = await app.ctx.db.$count(services);
    const answer = await app.call('POST', '/api/services/', body, staff.headers);
    expect(answer.status).toBe(400);
    expect(await app.ctx.db.$count(services)).toBe(before);
    return answer.body;
  };

  it('requires name, day, time and description, each with its own message', async () => {
    expect(await refused({})).toEqual({
      name: ['This field is required.'],
      day: ['This field is required.'],
      time: ['This field is required.'],
      description: ['This field is required.'],
    });
    expect(await refused({ ...prayer, name: '   ', description: '' })).toEqual({
      name: ['This field may not be blank.'],
      description: ['This field may not be blank.'],
    });
  });

  it('takes only the exact weekday names, Sunday to Saturday', async () => {
    for (const day of ['wednesday', 'Wed', 'Someday', '']) {
      const errors = await refused({ ...prayer, day });
      expect(Object.keys(errors), day).toEqual(['day']);
    }
    expect((await refused({ ...prayer, day: 'Funday' })).day).toEqual([
      '"Funday" is not a valid choice. Choose one of: Sunday, Monday, Tuesday, Wednesday, Thursday, Friday, Saturday.',
    ]);
  });

  it('refuses a blank or over-long time', async () => {
    expect(await refused({ ...prayer, time: '  ' })).toEqual({ time: ['This field may not be blank.'] });
    expect(await refused({ ...prayer, time: '7:00 PM until late at night' })).toEqual({
      time: ['Ensure this field has no more than 20 characters.'],
    });
  });

  it('refuses a zoom link that is not an http or https address', async () => {
    for (const zoom_link of ['zoom meeting 123', 'ftp://zoom.us/j/1', 'javascript:alert(1)']) {
      expect(await refused({ ...prayer, zoom_link }), zoom_link).toEqual({
        zoom_link: ['Enter a valid URL starting with http:// or https://.'],
      });
    }
  });

  it('refuses an is_active that is not true or false', async () => {
    expect(await refused({ ...prayer, is_active: 'yes' })).toEqual({ is_active: ['Must be true or false.'] });
  });

  it('applies the same rules when editing', async () => {
    const { body: created } = await app.call('POST', '/api/services/', prayer, staff.headers);
    const answer = await app.call('PUT', `/api/services/${created.id}/`, { ...prayer, day: 'Caturday' }, staff.headers);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual(['day']);
    expect((await stored(created.id))?.day).toBe('Wednesday');
  });
});

describe('without a session', () => {
  it('refuses to create a service and to list every service', async () => {
    const before = await app.ctx.db.$count(services);
    expect((await app.call('POST', '/api/services/', prayer)).status).toBe(401);
    expect((await app.call('GET', '/api/admin/services/')).status).toBe(401);
    expect(await app.ctx.db.$count(services)).toBe(before);
  });
});
