import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homepageContent } from '@gather/server/platform/database/schema/homepage';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ CHURCH_NAME: 'Hornsey Vale Fellowship', CHURCH_TIMEZONE: 'Europe/London' });
});
afterAll(() => app.close());

describe('home page texts', () => {
  it('answers defaults naming the church before any are stored, then the stored row', async () => {
    const before = await app.call('GET', '/api/homepage/');
    expect(before.status).toBe(200);
    expect(Object.keys(before.body).sort()).toEqual(
      ['heroCta', 'heroSubtitle', 'heroTitle', 'welcomeMessage', 'welcomeTitle'].sort(),
    );
    expect(before.body.heroTitle).toContain('Hornsey Vale Fellowship');
    for (const text of Object.values(before.body)) expect(text).toEqual(expect.stringMatching(/\S/));

    const stored = {
      heroTitle: 'Come Home',
      heroSubtitle: 'Every Sunday at 10',
      heroCta: 'Plan a Visit',
      welcomeTitle: 'Hello',
      welcomeMessage: 'Glad you are here.',
    };
    await app.ctx.db.insert(homepageContent).values(stored);
    app.publicCache.changed();
    expect((await app.call('GET', '/api/homepage/')).body).toEqual(stored);
  });
});
