import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homepageContent } from '@gather/server/platform/database/schema/homepage';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp({ CHURCH_NAME: 'Hornsey Vale Fellowship' });
  staff = await signInAsStaff(app);
});
afterAll(() => app.close());

const texts = {
  heroTitle: 'Come Home This Easter',
  heroSubtitle: 'Services at 9 and 11 on Easter Sunday, with breakfast in between.',
  heroCta: 'Plan Your Visit',
  welcomeTitle: 'Everyone Is Welcome',
  welcomeMessage: 'Whatever your story, there is a seat for you.\nCome as you are.',
};

const storedRows = () => app.ctx.db.select().from(homepageContent);

describe('staff saving the home page texts', () => {
  it('saves the texts, and visitors then read them instead of the defaults', async () => {
    expect((await app.call('GET', '/api/homepage/')).body.heroTitle).toContain('Hornsey Vale Fellowship');

    const saved = await app.call('PUT', '/api/admin/homepage/', texts, staff.headers);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(texts);
    expect(await storedRows()).toEqual([expect.objectContaining({ id: 1, ...texts })]);
    expect((await app.call('GET', '/api/homepage/')).body).toEqual(texts);
  });

  it('saving again replaces the single row, with texts trimmed', async () => {
    const saved = await app.call(
      'PUT',
      '/api/admin/homepage/',
      { ...texts, heroTitle: '  Advent at Hornsey Vale  ', heroCta: ' Join Us ' },
      staff.headers,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...texts, heroTitle: 'Advent at Hornsey Vale', heroCta: 'Join Us' });
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, heroTitle: 'Advent at Hornsey Vale', heroCta: 'Join Us' });
    expect((await app.call('GET', '/api/homepage/')).body).toEqual(saved.body);
  });

  it('names every missing or blank text, and keeps what was stored', async () => {
    const before = (await app.call('GET', '/api/homepage/')).body;
    const missing = await app.call('PUT', '/api/admin/homepage/', {}, staff.headers);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      heroTitle: ['This field is required.'],
      heroSubtitle: ['This field is required.'],
      heroCta: ['This field is required.'],
      welcomeTitle: ['This field is required.'],
      welcomeMessage: ['This field is required.'],
    });

    for (const field of Object.keys(texts)) {
      const blank = await app.call('PUT', '/api/admin/homepage/', { ...texts, [field]: '   ' }, staff.headers);
      expect(blank.status, field).toBe(400);
      expect(blank.body).toEqual({ [field]: ['This field may not be blank.'] });
    }
    expect((await app.call('GET', '/api/homepage/')).body).toEqual(before);
  });

  it('refuses texts longer than their limits', async () => {
    const limits = { heroTitle: 120, heroSubtitle: 300, heroCta: 40, welcomeTitle: 120, welcomeMessage: 2000 };
    for (const [field, max] of Object.entries(limits)) {
      const fits = await app.call('PUT', '/api/admin/homepage/', { ...texts, [field]: 'a'.repeat(max) }, staff.headers);
      expect(fits.status, field).toBe(200);
      const long = await app.call(
        'PUT',
        '/api/admin/homepage/',
        { ...texts, [field]: 'a'.repeat(max + 1) },
        staff.headers,
      );
      expect(long.status, field).toBe(400);
      expect(long.body).toEqual({ [field]: [`Ensure this field has no more than ${max} characters.`] });
    }
  });

  it('refuses to save without a session', async () => {
    const before = await storedRows();
    const answer = await app.call('PUT', '/api/admin/homepage/', { ...texts, heroTitle: 'Intruder' });
    expect(answer.status).toBe(401);
    expect(await storedRows()).toEqual(before);
  });
});
