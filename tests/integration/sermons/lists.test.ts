import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sermons } from '@gather/server/platform/database/schema/sermons';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ CHURCH_NAME: 'Hornsey Vale Fellowship', CHURCH_TIMEZONE: 'Europe/London' });
});
afterAll(() => app.close());

describe('sermons', () => {
  const dates = ['2026-03-01', '2026-05-10', '2026-01-04', '2026-04-12', '2026-02-08', '2026-06-07', '2026-05-24'];
  const extra = ['2026-02-22', '2026-03-15'];
  const newestFirst = [...dates, ...extra].sort().reverse();

  beforeAll(async () => {
    await app.ctx.db.insert(sermons).values([
      ...dates.map((date, index) => ({ title: `Sermon ${date}`, speaker: `Speaker ${index}`, date })),
      {
        title: 'Grace for the Weary',
        speaker: 'Pastor Daniel',
        date: extra[0]!,
        description: 'Matthew 11',
        thumbnail: 'sermons/grace.jpg',
        videoUrl: 'https://www.youtube.com/watch?v=Zt2kM9yQ6cD',
      },
      {
        title: 'Faith That Works',
        speaker: 'Elder Marcus',
        date: extra[1]!,
        thumbnail: 'https://img.youtube.com/vi/Lw5nB8xJ3fG/hqdefault.jpg',
      },
    ]);
  });

  it('lists every sermon, newest first, with the spec fields', async () => {
    const answer = await app.call('GET', '/api/sermons/');
    expect(answer.status).toBe(200);
    expect(answer.body.map((sermon: { date: string }) => sermon.date)).toEqual(newestFirst);
    const grace = answer.body.find((sermon: { title: string }) => sermon.title === 'Grace for the Weary');
    expect(grace).toEqual({
      id: expect.any(Number),
      title: 'Grace for the Weary',
      speaker: 'Pastor Daniel',
      date: '2026-02-22',
      description: 'Matthew 11',
      thumbnail: '/media/sermons/grace.jpg',
      video_url: 'https://www.youtube.com/watch?v=Zt2kM9yQ6cD',
      series: null,
      audio_url: null,
      audio_type: null,
      audio_size: null,
      audio_duration_seconds: null,
    });
  });

  it('keeps a stored absolute thumbnail link and answers null without one', async () => {
    const { body } = await app.call('GET', '/api/sermons/');
    const byTitle = (title: string) => body.find((sermon: { title: string }) => sermon.title === title);
    expect(byTitle('Faith That Works').thumbnail).toBe('https://img.youtube.com/vi/Lw5nB8xJ3fG/hqdefault.jpg');
    expect(byTitle('Faith That Works').video_url).toBeNull();
    expect(byTitle('Sermon 2026-01-04').thumbnail).toBeNull();
  });

  it('gives the seven newest by default and as many as asked with ?limit=', async () => {
    const seven = await app.call('GET', '/api/sermons/latest/');
    expect(seven.status).toBe(200);
    expect(seven.body.map((sermon: { date: string }) => sermon.date)).toEqual(newestFirst.slice(0, 7));

    const three = await app.call('GET', '/api/sermons/latest/?limit=3');
    expect(three.body.map((sermon: { date: string }) => sermon.date)).toEqual(newestFirst.slice(0, 3));
  });

  it('refuses a limit outside 1..50 with a message under limit', async () => {
    for (const limit of ['0', '51', 'abc', '2.5']) {
      const answer = await app.call('GET', `/api/sermons/latest/?limit=${limit}`);
      expect(answer.status, `limit=${limit}`).toBe(400);
      expect(answer.body.limit, `limit=${limit}`).toEqual([expect.any(String)]);
    }
    const answer = await app.call('GET', '/api/sermons/latest/?limit=0');
    expect(answer.body).toEqual({ limit: ['Ensure this value is greater than or equal to 1.'] });
  });
});
