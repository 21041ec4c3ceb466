import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums } from '@gather/server/platform/database/schema/albums';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { photoCollections } from '@gather/server/platform/database/schema/collections';
import { events } from '@gather/server/platform/database/schema/events';
import { emailSenders, newsletterSubscribers } from '@gather/server/platform/database/schema/newsletters';
import { qnaSessions } from '@gather/server/platform/database/schema/qna';
import { sermons } from '@gather/server/platform/database/schema/sermons';
import { services } from '@gather/server/platform/database/schema/services';
import { connectSubmissions } from '@gather/server/platform/database/schema/connect';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { givingSubmissions } from '@gather/server/platform/database/schema/giving';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(() => app.close());

describe('dashboard stats', () => {
  it('counts each kind of content in one call, Q&A sessions only when active', async () => {
    const db = app.ctx.db;
    await db.insert(services).values([
      { name: 'Main Service', day: 'Sunday', time: '10:00 AM', description: 'Worship' },
      { name: 'Prayer Meeting', day: 'Wednesday', time: '7:00 PM', description: 'Prayer' },
    ]);
    await db.insert(events).values({ title: 'Picnic', description: 'Fun', date: new Date(), location: 'Park' });
    await db.insert(sermons).values([{ title: 'Hope', date: '2026-11-01' }]);
    await db.insert(albums).values([{ title: 'Baptisms' }, { title: 'Harvest' }, { title: 'Youth' }]);
    await db.insert(qnaSessions).values([
      { title: 'Live', description: 'Open' },
      { title: 'Old', description: 'Closed', isActive: false },
    ]);
    await db.insert(photoCollections).values([{ name: 'Carols' }]);

    const answer = await app.call('GET', '/api/admin/stats/', undefined, staff.headers);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ services: 2, events: 1, sermons: 1, albums: 3, qnaSessions: 1, photoCollections: 1 });
  });
});

describe('e-mail recipients and senders', () => {
  it('lists every address once with all its sources and the newest name, marking unsubscribed ones', async () => {
    const db = app.ctx.db;
    await db
      .insert(contactSubmissions)
      .values({ name: 'Ruth Obi', email: 'Ruth@Example.org', subject: 'Hi', message: 'Hello' });
    await db
      .insert(connectSubmissions)
      .values({ firstName: 'Ruth', lastName: 'Obi-Taylor', email: 'ruth@example.org' });
    await db.insert(buildingFundPledges).values({
      firstName: 'Sam',
      lastName: 'Reid',
      email: 'sam@example.org',
      totalPledge: '100.00',
      paymentType: 'full',
      paymentAmount: '100.00',
      payByDate: '2030-01-01',
      paymentMethod: 'online',
    });
    await db.insert(givingSubmissions).values({ name: 'Ada', email: 'ada@example.org' });
    await db
      .insert(newsletterSubscribers)
      .values([{ email: 'sam@example.org' }, { email: 'gone@example.org', unsubscribedAt: new Date() }]);

    const answer = await app.call('GET', '/api/admin/email/recipients/', undefined, staff.headers);
    expect(answer.status).toBe(200);
    const byEmail = Object.fromEntries(answer.body.recipients.map((r: { email: string }) => [r.email, r]));
    expect(Object.keys(byEmail).sort()).toEqual([
      'ada@example.org',
      'gone@example.org',
      'ruth@example.org',
      'sam@example.org',
    ]);
    expect(byEmail['ruth@example.org']).toMatchObject({
      name: 'Ruth Obi-Taylor',
      sources: ['connect', 'contact'],
      unsubscribed: false,
    });
    expect(byEmail['sam@example.org']).toMatchObject({ name: 'Sam Reid', sources: ['building_fund', 'newsletter'] });
    expect(byEmail['gone@example.org']).toMatchObject({
      unsubscribed: true,
      sources: ['newsletter'],
      source: 'newsletter',
    });
    expect(byEmail['ada@example.org']).toMatchObject({ source: 'giving', name: 'Ada' });
  });

  it('lists the saved custom senders', async () => {
    await app.ctx.db.insert(emailSenders).values({ name: 'Pastoral Team', email: 'pastoral@gatherchurch.org.uk' });
    const answer = await app.call('GET', '/api/admin/email/custom-senders/', undefined, staff.headers);
    expect(answer.body.custom_senders).toEqual([
      expect.objectContaining({ name: 'Pastoral Team', email: 'pastoral@gatherchurch.org.uk' }),
    ]);
  });

  it('shows none of this without a session', async () => {
    for (const path of ['/api/admin/stats/', '/api/admin/email/recipients/', '/api/admin/email/custom-senders/']) {
      expect((await app.call('GET', path)).status).toBe(401);
    }
  });
});
