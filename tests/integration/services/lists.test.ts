import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '@gather/server/platform/database/schema/services';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ CHURCH_NAME: 'Hornsey Vale Fellowship', CHURCH_TIMEZONE: 'Europe/London' });
});
afterAll(() => app.close());

describe('weekly services', () => {
  beforeAll(async () => {
    await app.ctx.db.insert(services).values([
      { name: 'Evening Prayer', day: 'Sunday', time: '7:00 PM', description: 'Quiet prayer' },
      { name: 'Youth Meeting', day: 'Friday', time: '7:00 PM', description: 'Youth' },
      {
        name: 'Main Service',
        day: 'Sunday',
        time: '10:00 AM',
        description: 'Worship',
        zoomLink: 'https://zoom.us/j/1',
      },
      { name: 'Old Choir', day: 'Tuesday', time: '6:00 PM', description: 'Paused', isActive: false },
      { name: 'Grow in the Word', day: 'Monday', time: '7:00 PM', description: 'Bible study' },
    ]);
  });

  it('lists active services Monday to Sunday, earlier first on the same day', async () => {
    const answer = await app.call('GET', '/api/services/');
    expect(answer.status).toBe(200);
    expect(answer.body.map((service: { name: string }) => service.name)).toEqual([
      'Grow in the Word',
      'Youth Meeting',
      'Main Service',
      'Evening Prayer',
    ]);
    expect(answer.body[2]).toEqual({
      id: expect.any(Number),
      name: 'Main Service',
      day: 'Sunday',
      time: '10:00 AM',
      description: 'Worship',
      zoom_link: 'https://zoom.us/j/1',
      is_active: true,
    });
  });
});
