import { todayIn } from '@gather/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatherings } from '@gather/server/platform/database/schema/gatherings';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(() => app.close());
beforeEach(() => app.ctx.db.delete(gatherings));

const missingId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const asStaff = (method: string, path: string, body?: unknown) => app.call(method, path, body, staff.headers);

async function created(path: string, body: Record<string, unknown>): Promise<{ id: string & number }> {
  const answer = await asStaff('POST', path, body);
  expect(answer.status).toBe(201);
  return answer.body;
}

const session = (body: Record<string, unknown> = {}) =>
  created('/api/qna/sessions/', { title: 'Sunday Q&A', description: 'Ask the pastors', ...body });
const collection = (body: Record<string, unknown> = {}) =>
  created('/api/photo-collections/', { name: 'Harvest Sunday', ...body });
const sermon = () =>
  created('/api/sermons/', {
    title: 'Bread for the journey',
    speaker: 'Pastor Ruth',
    date: '2026-11-22',
    video_url: 'https://www.youtube.com/watch?v=abc123',
  });

/** The church's calendar day `offset` days from today, as /sunday counts them. */
function churchDay(offset: number): string {
  const day = new Date(`${todayIn(app.ctx.config.CHURCH_TIMEZONE)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}

const plan = (title: string, date: string, body: Record<string, unknown> = {}) =>
  created('/api/admin/gatherings/', { title, date, ...body });

describe('staff planning gatherings', () => {
  it('creates, lists, edits and deletes a gathering with its links, each change in the activity log', async () => {
    const [qna, photos, message] = await Promise.all([session(), collection(), sermon()]);
    const answer = await asStaff('POST', '/api/admin/gatherings/', {
      title: '  Harvest Sunday  ',
      date: '2026-11-29',
      qna_session_id: qna.id,
      collection_id: photos.id,
      sermon_id: message.id,
      sermon_notes: 'Luke 9:10-17\n<b>not bold</b>',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Harvest Sunday',
      date: '2026-11-29',
      qna_session_id: qna.id,
      collection_id: photos.id,
      sermon_id: message.id,
      sermon_notes: 'Luke 9:10-17\n<b>not bold</b>',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = answer.body.id as string;
    expect((await asStaff('GET', '/api/admin/gatherings/')).body).toEqual([answer.body]);

    const edited = await asStaff('PUT', `/api/admin/gatherings/${id}/`, {
      title: 'Harvest',
      date: '2026-11-29',
      qna_session_id: '',
      collection_id: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Harvest',
      qna_session_id: null,
      collection_id: null,
      sermon_id: null,
      sermon_notes: '',
    });

    expect((await asStaff('DELETE', `/api/admin/gatherings/${id}/`)).status).toBe(204);
    expect((await asStaff('GET', '/api/admin/gatherings/')).body).toEqual([]);
    expect((await asStaff('DELETE', `/api/admin/gatherings/${id}/`)).status).toBe(404);
    expect((await app.call('GET', `/api/gatherings/public/${id}/`)).status).toBe(404);

    const log = await asStaff('GET', '/api/admin/activity/?subject=gathering');
    expect(log.body.results.map((entry: { action: string }) => entry.action)).toEqual(['delete', 'edit', 'create']);
  });

  it('refuses bad input field by field, and links to a Q&A session, collection or sermon that do not exist', async () => {
    const bad = await asStaff('POST', '/api/admin/gatherings/', {
      title: ' ',
      date: '2026-02-30',
      qna_session_id: 'not-an-id',
      sermon_id: 'seven',
      sermon_notes: 'x'.repeat(5001),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['date', 'qna_session_id', 'sermon_id', 'sermon_notes', 'title']);

    const missing = await asStaff('POST', '/api/admin/gatherings/', {
      title: 'Advent Sunday',
      date: '2026-11-29',
      qna_session_id: missingId,
      collection_id: missingId,
      sermon_id: 999_999,
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      qna_session_id: ['This Q&A session does not exist.'],
      collection_id: ['This photo collection does not exist.'],
      sermon_id: ['This sermon does not exist.'],
    });
    expect((await asStaff('GET', '/api/admin/gatherings/')).body).toEqual([]);
  });

  it('is for staff only', async () => {
    const visitor = { origin: app.url };
    expect((await app.call('GET', '/api/admin/gatherings/')).status).toBe(401);
    const body = { title: 'Advent Sunday', date: '2026-11-29' };
    expect((await app.call('POST', '/api/admin/gatherings/', body, visitor)).status).toBe(401);
    const { id } = await plan('Advent Sunday', '2026-11-29');
    expect((await app.call('PUT', `/api/admin/gatherings/${id}/`, body, visitor)).status).toBe(401);
    expect((await app.call('DELETE', `/api/admin/gatherings/${id}/`, undefined, visitor)).status).toBe(401);
    expect((await asStaff('GET', '/api/admin/gatherings/')).body).toHaveLength(1);
  });
});

describe("a gathering's public page", () => {
  it('shows only open links and what the sermon card shows, nothing staff-only', async () => {
    const [qna, photos, message] = await Promise.all([session(), collection({ is_active: false }), sermon()]);
    const { id } = await plan('Harvest Sunday', '2026-11-29', {
      qna_session_id: qna.id,
      collection_id: photos.id,
      sermon_id: message.id,
      sermon_notes: 'Luke 9',
    });
    const answer = await app.call('GET', `/api/gatherings/public/${id}/`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id,
      title: 'Harvest Sunday',
      date: '2026-11-29',
      qna_session_id: qna.id,
      collection_id: null,
      sermon: {
        title: 'Bread for the journey',
        speaker: 'Pastor Ruth',
        video_url: 'https://www.youtube.com/watch?v=abc123',
      },
      sermon_notes: 'Luke 9',
    });
    expect((await app.call('GET', `/api/gatherings/public/${missingId}/`)).status).toBe(404);
    expect((await app.call('GET', '/api/gatherings/public/1/')).status).toBe(404);
  });
});

describe('/sunday', () => {
  const current = async () => (await app.call('GET', '/api/gatherings/public/current/')).body.gathering;

  it('is none when there is no gathering in the last six days nor ahead', async () => {
    await plan('Long ago', churchDay(-7));
    expect(await current()).toBeNull();
  });

  it("is today's gathering first", async () => {
    await plan('Last Sunday', churchDay(-1));
    await plan('Next Sunday', churchDay(1));
    await plan('Today', churchDay(0));
    expect(await current()).toMatchObject({ title: 'Today', date: churchDay(0) });
  });

  it('is else the most recent of the last six days, before the next one', async () => {
    await plan('Two weeks ago', churchDay(-13));
    await plan('Six days ago', churchDay(-6));
    await plan('Three days ago', churchDay(-3));
    await plan('In four days', churchDay(4));
    expect(await current()).toMatchObject({ title: 'Three days ago' });
  });

  it('is else the next one ahead', async () => {
    await plan('A week ago', churchDay(-7));
    await plan('In two weeks', churchDay(14));
    await plan('In four days', churchDay(4));
    expect(await current()).toMatchObject({ title: 'In four days' });
  });
});
