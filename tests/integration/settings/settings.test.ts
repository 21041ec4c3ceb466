import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERMISSION, SETTINGS_MESSAGES } from '@gather/contracts';
import { activityLog } from '@gather/server/platform/database/schema/activity';
import { events } from '@gather/server/platform/database/schema/events';
import { startPeerApp, startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { BAD_EMAIL, BLANK, REQUIRED } from '../../support/field-messages.js';
import { stExample } from '../../support/church-settings.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let peer: TestApp;
let admin: Staff;

beforeAll(async () => {
  app = await startTestApp({
    CHURCH_NAME: 'St Example',
    CHURCH_PHONE: '01234 567890',
    CHURCH_EMAIL_DOMAIN: 'stexample.org',
    BANK_SORT_CODE: '11-22-33',
  });
  peer = await startPeerApp(app);
  admin = await signInAsStaff(app);
});
afterAll(async () => {
  await peer?.close();
  await app?.close();
});

describe('church settings', () => {
  it('starts from the settings file, and only an administrator may read or save them', async () => {
    const answer = await app.call('GET', '/api/admin/settings/', undefined, admin.headers);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      church_name: 'St Example',
      church_phone: '01234 567890',
      bank_sort_code: '11-22-33',
      email_from_address: 'no-reply@stexample.org',
      church_notify_email: 'office@stexample.org',
    });
    expect((await app.call('GET', '/api/admin/settings/')).status).toBe(401);
    const finance = await signInAsStaff(app, { roles: ['finance'] });
    const refused = await app.call('PUT', '/api/admin/settings/', stExample, finance.headers);
    expect([refused.status, refused.body?.detail]).toEqual([403, NO_PERMISSION]);
  });

  it.each([
    ['bank_sort_code', '200000', SETTINGS_MESSAGES.sortCode],
    ['bank_sort_code', '20-00-0a', SETTINGS_MESSAGES.sortCode],
    ['bank_account_number', '1234567', SETTINGS_MESSAGES.accountNumber],
    ['bank_account_number', '1234 5678', SETTINGS_MESSAGES.accountNumber],
    ['email_from_address', 'news@gmail.com', SETTINGS_MESSAGES.senderDomain('stexample.org')],
    ['church_contact_email', 'not an address', BAD_EMAIL],
    ['church_phone', 'call us', SETTINGS_MESSAGES.phone],
    ['church_name', '   ', BLANK],
    ['church_address', undefined, REQUIRED],
    ['time_zone', 'Mars/Olympus', SETTINGS_MESSAGES.timeZone],
    ['live_stream_url', 'javascript:alert(1)', SETTINGS_MESSAGES.url],
    ['facebook_url', 'facebook.com/stexample', SETTINGS_MESSAGES.url],
    ['map_latitude', 91, SETTINGS_MESSAGES.latitude],
    ['pastoral_email', 'the vicar', BAD_EMAIL],
    ['prayer_archive_days', 3, SETTINGS_MESSAGES.prayerArchiveDays],
    ['prayer_archive_days', 30.5, SETTINGS_MESSAGES.prayerArchiveDays],
  ])('refuses %s %j with its own message, and saves nothing', async (field, value, message) => {
    const answer = await app.call('PUT', '/api/admin/settings/', { ...stExample, [field]: value }, admin.headers);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ [field]: [message] });
    const now = await app.call('GET', '/api/admin/settings/', undefined, admin.headers);
    expect(now.body.church_name).not.toBe(stExample.church_name);
  });

  it('asks for both map co-ordinates or neither', async () => {
    const answer = await app.call('PUT', '/api/admin/settings/', { ...stExample, map_longitude: null }, admin.headers);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ map_longitude: [SETTINGS_MESSAGES.mapBoth] });
  });

  it('saves every field, shows them to visitors in both API processes at once, and logs before and after', async () => {
    // The other process has answered the site's details (and keeps them) before the change.
    expect((await peer.call('GET', '/api/site/')).body.phone).toBe('01234 567890');

    const saved = await app.call('PUT', '/api/admin/settings/', stExample, admin.headers);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(stExample);

    // Staff reads are never cached: the other process answers the new details on the very next request.
    expect((await peer.call('GET', '/api/admin/settings/', undefined, admin.headers)).body).toEqual(stExample);
    for (const process of [app, peer]) {
      const site = await eventually(async () => {
        const answer = await process.call('GET', '/api/site/');
        return answer.body.phone === stExample.church_phone && answer.body;
      }, 'the new phone number on /api/site/');
      expect(site).toMatchObject({
        church_name: 'St Example Parish Church',
        address: '1 Church Lane, Exampleton EX1 2AB',
        email: 'hello@stexample.org',
        bank: {
          account_name: 'PCC of St Example',
          bank_name: 'Lloyds Bank',
          sort_code: '30-99-50',
          account_number: '87654321',
        },
        social: { facebook: 'https://facebook.com/stexample', instagram: null, youtube: null },
        service_times: ['Sunday 9:30 AM: Family Service'],
        map: { latitude: 51.5, longitude: -0.12 },
        default_sender: { email: 'news@stexample.org', name: 'St Example Office' },
      });
    }

    const [logged] = await app.ctx.db.select().from(activityLog).where(eq(activityLog.subjectKind, 'church settings'));
    expect(logged).toMatchObject({ action: 'edit', staffUsername: admin.username });
    expect(logged!.before).toMatchObject({ church_phone: '01234 567890', bank_sort_code: '11-22-33' });
    expect(logged!.after).toMatchObject({ church_phone: '01234 999000', bank_sort_code: '30-99-50' });
  });

  it('names the church as saved in the podcast feed and the calendar', async () => {
    await app.call('PUT', '/api/admin/settings/', stExample, admin.headers);
    const podcast = await peer.call('GET', '/podcast.xml');
    expect(podcast.body as string).toContain('St Example Parish Church');
    expect(podcast.body as string).toContain('media@stexample.org');
    const calendar = await peer.call('GET', '/calendar.ics');
    expect(calendar.body as string).toContain('St Example Parish Church');
  });

  it('moves event times and the calendar to a time zone saved in Settings, in both processes', async () => {
    const [fair] = await app.ctx.db
      .insert(events)
      .values({
        title: 'Harvest Supper',
        description: 'Bring a dish.',
        location: 'Hall',
        date: new Date('2030-07-04T18:00:00Z'),
      })
      .returning();
    const timeOf = async (on: TestApp) => {
      const list = await on.call('GET', '/api/events/');
      return (list.body as Array<{ id: number; time: string }>).find((event) => event.id === fair!.id)?.time;
    };
    await app.call('PUT', '/api/admin/settings/', stExample, admin.headers);
    expect(await timeOf(app)).toBe('7:00 PM');

    const saved = await app.call(
      'PUT',
      '/api/admin/settings/',
      { ...stExample, time_zone: 'America/New_York' },
      admin.headers,
    );
    expect(saved.status).toBe(200);
    for (const process of [app, peer]) {
      const shown = async () => ((await timeOf(process)) === '2:00 PM' ? 'moved' : undefined);
      expect(await eventually(shown, 'the event on New York time')).toBe('moved');
    }
    const calendar = await peer.call('GET', '/calendar.ics');
    expect(calendar.body as string).toContain('TZID:America/New_York');
    await app.call('PUT', '/api/admin/settings/', stExample, admin.headers);
  });
});
