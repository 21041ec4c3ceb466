import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sermons } from '@gather/server/platform/database/schema/sermons';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
  await app.ctx.db.insert(sermons).values([
    { title: 'Older Sermon', speaker: 'Pastor Ruth', date: '2025-11-02' },
    { title: 'Recent Sermon', speaker: 'Pastor Ruth', date: '2026-01-11' },
  ]);
});
afterAll(() => app.close());

const easter = {
  title: 'He Is Risen',
  speaker: 'Pastor Daniel',
  date: '2026-04-05',
  description: 'Easter Sunday, Luke 24',
  video_url: 'https://www.youtube.com/watch?v=Zt2kM9yQ6cD',
  thumbnail: 'https://img.youtube.com/vi/Zt2kM9yQ6cD/hqdefault.jpg',
};

/** What a sermon answers beyond the spec's fields when it has neither a series nor a recording. */
const noSeriesNorAudio = {
  series: null,
  audio_url: null,
  audio_type: null,
  audio_size: null,
  audio_duration_seconds: null,
};

const stored = async (id: number) => (await app.ctx.db.select().from(sermons).where(eq(sermons.id, id)))[0];

describe('staff managing sermons', () => {
  it('creates a sermon that leads the latest sermons', async () => {
    const created = await app.call('POST', '/api/sermons/', easter, staff.headers);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), ...easter, ...noSeriesNorAudio });
    expect(await stored(created.body.id)).toMatchObject({
      title: 'He Is Risen',
      date: '2026-04-05',
      videoUrl: easter.video_url,
      thumbnail: easter.thumbnail,
    });

    const latest = await app.call('GET', '/api/sermons/latest/');
    expect(latest.body[0]).toEqual(created.body);
    expect(latest.body.map((sermon: { title: string }) => sermon.title)).toEqual([
      'He Is Risen',
      'Recent Sermon',
      'Older Sermon',
    ]);
    await app.call('DELETE', `/api/sermons/${created.body.id}/`, undefined, staff.headers);
  });

  it('keeps a /media/ thumbnail as a stored file and leaves optional fields empty', async () => {
    const created = await app.call(
      'POST',
      '/api/sermons/',
      { title: 'Quiet Word', speaker: 'Elder Marcus', date: '2025-06-01', thumbnail: '/media/sermons/quiet.jpg' },
      staff.headers,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ description: '', video_url: null, thumbnail: '/media/sermons/quiet.jpg' });
    expect((await stored(created.body.id))?.thumbnail).toBe('sermons/quiet.jpg');
    const listed = (await app.call('GET', '/api/sermons/')).body;
    expect(listed).toContainEqual(created.body);
  });

  it('keeps any web address as the video link, not only YouTube', async () => {
    const created = await app.call(
      'POST',
      '/api/sermons/',
      { ...easter, video_url: 'https://vimeo.com/76979871', thumbnail: '' },
      staff.headers,
    );
    expect(created.body).toMatchObject({ video_url: 'https://vimeo.com/76979871', thumbnail: null });
  });

  it('edits a sermon, and the public list shows the change', async () => {
    const { body: created } = await app.call('POST', '/api/sermons/', easter, staff.headers);
    const edited = await app.call(
      'PUT',
      `/api/sermons/${created.id}/`,
      { ...easter, title: 'Christ Is Risen', date: '2026-04-12', video_url: null, thumbnail: null },
      staff.headers,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({
      ...created,
      title: 'Christ Is Risen',
      date: '2026-04-12',
      video_url: null,
      thumbnail: null,
    });
    expect(await stored(created.id)).toMatchObject({ title: 'Christ Is Risen', videoUrl: null, thumbnail: null });
    expect((await app.call('GET', '/api/sermons/')).body).toContainEqual(edited.body);
  });

  it('deletes a sermon so it leaves the public lists', async () => {
    const { body: created } = await app.call('POST', '/api/sermons/', { ...easter, date: '2027-01-01' }, staff.headers);
    const deleted = await app.call('DELETE', `/api/sermons/${created.id}/`, undefined, staff.headers);
    expect(deleted.status).toBe(204);
    expect(await stored(created.id)).toBeUndefined();
    const ids = (await app.call('GET', '/api/sermons/latest/')).body.map((sermon: { id: number }) => sermon.id);
    expect(ids).not.toContain(created.id);
    expect((await app.call('DELETE', `/api/sermons/${created.id}/`, undefined, staff.headers)).status).toBe(404);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['999999', 'latest', '1.5', '0']) {
      const edit = await app.call('PUT', `/api/sermons/${id}/`, easter, staff.headers);
      expect(edit.status, id).toBe(404);
      expect(edit.body).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('sermon validation', () => {
  const refused = async (body: unknown) => {
    const before = await app.ctx.db.$count(sermons);
    const answer = await app.call('POST', '/api/sermons/', body, staff.headers);
    expect(answer.status).toBe(400);
    expect(await app.ctx.db.$count(sermons)).toBe(before);
    return answer.body;
  };

  it('requires a title, a speaker and a date', async () => {
    expect(await refused({ description: 'No title' })).toEqual({
      title: ['This field is required.'],
      speaker: ['This field is required.'],
      date: ['This field is required.'],
    });
    expect(await refused({ ...easter, title: '  ', date: '' })).toEqual({
      title: ['This field may not be blank.'],
      date: ['This field is required.'],
    });
  });

  it('takes only a real calendar date as YYYY-MM-DD', async () => {
    for (const date of ['2026-02-30', '2026-13-01', '05/04/2026', '2026-4-5', '2026-04-05T10:00:00Z']) {
      expect(await refused({ ...easter, date }), date).toEqual({ date: ['Enter a real date as YYYY-MM-DD.'] });
    }
    const leapDay = await app.call('POST', '/api/sermons/', { ...easter, date: '2028-02-29' }, staff.headers);
    expect(leapDay.status).toBe(201);
  });

  it('refuses a video link or thumbnail that is not a web address', async () => {
    expect(await refused({ ...easter, video_url: 'youtube.com/watch?v=Zt2kM9yQ6cD' })).toEqual({
      video_url: ['Enter a valid URL starting with http:// or https://.'],
    });
    for (const thumbnail of ['not a url', 'javascript:alert(1)', '/media/../config.json', '/uploads/a.jpg']) {
      expect(await refused({ ...easter, thumbnail }), thumbnail).toEqual({
        thumbnail: ['Enter a valid URL starting with http:// or https://, or a /media/ path.'],
      });
    }
  });
});

describe('without a session', () => {
  it('refuses to create, edit or delete a sermon', async () => {
    const [row] = await app.ctx.db.select().from(sermons).limit(1);
    expect((await app.call('POST', '/api/sermons/', easter)).status).toBe(401);
    expect((await app.call('PUT', `/api/sermons/${row!.id}/`, easter)).status).toBe(401);
    expect((await app.call('DELETE', `/api/sermons/${row!.id}/`)).status).toBe(401);
    expect(await stored(row!.id)).toEqual(row);
  });
});
