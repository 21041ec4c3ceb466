import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { redacted } from '@gather/server/platform/http/activity';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { londonToday } from '../../support/calendar-days.js';

let app: TestApp;
let martha: Staff;
let mary: Staff;
beforeAll(async () => {
  app = await startTestApp();
  martha = await signInAsStaff(app);
  mary = await signInAsStaff(app);
});
afterAll(async () => {
  await app.close();
});

const asMartha = (method: string, path: string, body?: unknown) => app.call(method, path, body, martha.headers);
const activity = async (query = '') => {
  const answer = await asMartha('GET', `/api/admin/activity/${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
};
const harvest = {
  title: 'Harvest and thanks',
  speaker: 'Rev. Ruth Okafor',
  date: '2026-09-27',
  description: 'Luke 12',
};

describe('the activity log', () => {
  it('is for staff only', async () => {
    expect((await app.call('GET', '/api/admin/activity/')).status).toBe(401);
    expect((await app.call('GET', '/api/admin/activity/filters/')).status).toBe(401);
  });

  it('keeps a create with its after, an edit with before and after, and a delete with what was deleted', async () => {
    const startedAt = Date.now();
    const created = await asMartha('POST', '/api/sermons/', harvest);
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(
      (await asMartha('PUT', `/api/sermons/${id}/`, { ...harvest, title: 'Harvest: enough for all' })).status,
    ).toBe(200);
    expect((await asMartha('DELETE', `/api/sermons/${id}/`)).status).toBe(204);

    const [deleted, edited, made] = (await activity('?subject=sermon')).results;
    expect(made).toMatchObject({
      staff: martha.username,
      action: 'create',
      method: 'POST',
      subject: 'sermon',
      subject_id: String(id),
      before: null,
      after: expect.objectContaining({ title: 'Harvest and thanks', speaker: 'Rev. Ruth Okafor' }),
    });
    expect(made.summary).toContain("'Harvest and thanks'");
    expect(Date.parse(made.at)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(made.at)).toBeLessThanOrEqual(Date.now());
    expect(edited).toMatchObject({
      action: 'edit',
      before: expect.objectContaining({ title: 'Harvest and thanks' }),
      after: expect.objectContaining({ title: 'Harvest: enough for all' }),
    });
    expect(deleted).toMatchObject({
      staff: martha.username,
      action: 'delete',
      method: 'DELETE',
      path: `/api/sermons/${id}/`,
      subject_id: String(id),
      after: null,
      before: expect.objectContaining({
        id,
        title: 'Harvest: enough for all',
        speaker: 'Rev. Ruth Okafor',
        date: '2026-09-27',
        description: 'Luke 12',
      }),
    });
    expect(deleted.summary).toBe('Delete a sermon — sermon #' + id + " 'Harvest: enough for all'");
  });

  it('keeps an event edited and deleted through its form (with an image field) before and after', async () => {
    const year = new Date().getUTCFullYear() + 1;
    const form = (title: string) => {
      const data = new FormData();
      const fields = { title, description: 'Bring a dish', location: 'Church hall', date: `${year}-10-04T18:00` };
      for (const [name, value] of Object.entries(fields)) data.append(name, value);
      return data;
    };
    const created = await asMartha('POST', '/api/events/', form('Harvest supper'));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await asMartha('PUT', `/api/events/${id}/`, form('Harvest bring-and-share'))).status).toBe(200);
    expect((await asMartha('DELETE', `/api/events/${id}/`)).status).toBe(204);
    const [deleted, edited, made] = (await activity('?subject=event')).results;
    expect(made).toMatchObject({ action: 'create', after: expect.objectContaining({ title: 'Harvest supper' }) });
    expect(edited).toMatchObject({
      before: expect.objectContaining({ title: 'Harvest supper', location: 'Church hall' }),
      after: expect.objectContaining({ title: 'Harvest bring-and-share' }),
    });
    expect(deleted.before).toMatchObject({ id, title: 'Harvest bring-and-share', description: 'Bring a dish' });
  });

  it('keeps a deleted photo upload with its file name and uploader', async () => {
    const [collection] = await app.ctx.db.insert(photoCollections).values({ name: 'Harvest' }).returning();
    const [upload] = await app.ctx.db
      .insert(collectionUploads)
      .values({
        collectionId: collection!.id,
        file: 'collections/harvest-1.jpg',
        originalFilename: 'IMG_2041.jpg',
        fileType: 'image',
        mimeType: 'image/jpeg',
        uploaderName: 'Lydia',
        fileSize: 10,
      })
      .returning();
    expect((await asMartha('DELETE', `/api/photo-collections/uploads/${upload!.id}/`)).status).toBe(204);
    const [entry] = (await activity('?subject=upload')).results;
    expect(entry.summary).toBe(`Delete an upload and its file — upload #${upload!.id} 'IMG_2041.jpg'`);
    expect(entry.before).toMatchObject({
      originalFilename: 'IMG_2041.jpg',
      uploaderName: 'Lydia',
      collectionId: collection!.id,
    });
  });

  it('keeps a deleted contact message as it was', async () => {
    const sent = await app.call('POST', '/api/contact/', {
      name: 'Joseph Arimathea',
      email: 'joseph@example.org',
      subject: 'Tomb',
      message: 'A spare room for the youth group?',
    });
    expect(sent.status).toBe(201);
    const inbox = await asMartha('GET', '/api/admin/contact-submissions/');
    const message = inbox.body.results.find((row: { name: string }) => row.name === 'Joseph Arimathea');
    expect((await asMartha('DELETE', `/api/admin/contact-submissions/${message.id}/`)).status).toBe(204);
    const [entry] = (await activity('?subject=contact%20message')).results;
    expect(entry.before).toMatchObject({ id: message.id, name: 'Joseph Arimathea', subject: 'Tomb' });
  });

  it('does not log reading, and searches and filters by who, what and when', async () => {
    const before = (await activity()).count;
    await asMartha('GET', '/api/sermons/');
    await asMartha('GET', '/api/admin/contact-submissions/');
    expect((await activity()).count).toBe(before);

    const byMary = await app.call('POST', '/api/services/', serviceForm('Evening prayer'), mary.headers);
    expect(byMary.status).toBe(201);

    expect((await activity(`?staff=${mary.username}`)).results.map((row: { summary: string }) => row.summary)).toEqual([
      `Add a weekly service — service #${byMary.body.id} 'Evening prayer'`,
    ]);
    expect((await activity(`?search=${mary.username.toUpperCase()}`)).count).toBe(1);
    expect((await activity('?search=evening%20PRAYER')).results).toEqual([
      expect.objectContaining({ staff: mary.username }),
    ]);
    expect((await activity('?search=enough%20for%20all')).count).toBe(2);
    expect((await activity(`?from=${londonToday()}&to=${londonToday()}`)).count).toBe(before + 1);
    expect((await activity('?to=2020-01-01')).count).toBe(0);
    expect((await activity('?page_size=2')).results).toHaveLength(2);
    expect((await asMartha('GET', '/api/admin/activity/?from=yesterday')).body).toEqual({
      from: ['Enter a date as YYYY-MM-DD.'],
    });
    const filters = await asMartha('GET', '/api/admin/activity/filters/');
    expect(filters.body.staff.sort()).toEqual([martha.username, mary.username].sort());
    expect(filters.body.subjects).toEqual(expect.arrayContaining(['sermon', 'service', 'contact message']));
  });

  it('never stores a password', async () => {
    await signInAsStaff(app);
    const secrets = [martha.password, mary.password];
    const { rows } = await app.ctx.db.execute<{ row: string }>(sql`select a::text as row from activity_log a`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) for (const secret of secrets) expect(row).not.toContain(secret);
    expect(rows.some(({ row }) => row.includes('auth/login'))).toBe(false);
    // What a staff-account call would carry: the log keeps the field's name and never its value.
    expect(
      redacted({ username: 'ruth', new_password: 'Cedar-Lamp-42', account: { one_time_password: 'x', token: 'y' } }),
    ).toEqual({
      username: 'ruth',
      new_password: '[redacted]',
      account: { one_time_password: '[redacted]', token: '[redacted]' },
    });
  });
});

describe('a log that cannot be written', () => {
  it('never undoes or fails the change itself, and says so in the server log', async () => {
    await app.ctx.db.execute(sql`alter table activity_log rename to activity_log_away`);
    try {
      const created = await asMartha('POST', '/api/sermons/', { ...harvest, title: 'Advent hope' });
      expect(created.status).toBe(201);
      expect((await asMartha('GET', '/api/sermons/')).body).toContainEqual(
        expect.objectContaining({ title: 'Advent hope' }),
      );
    } finally {
      await app.ctx.db.execute(sql`alter table activity_log_away rename to activity_log`);
    }
    expect(app.logs.some((line) => line.includes('activity not logged') && line.includes('Add a sermon'))).toBe(true);
  });
});

function serviceForm(name: string) {
  return { name, day: 'Sunday', time: '18:30', description: 'Quiet prayer', location: 'Chapel', is_active: true };
}
