import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { outbox } from '@gather/server/platform/database/schema/outbox';
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

const queued = async () =>
  (await app.ctx.db.select().from(outbox)).map((row) => ({ job: row.jobName, payload: row.payload }));

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

describe('mail the public pages promise is queued with the submission', () => {
  it('queues the staff notice for a contact message and a connect card, and a receipt for a gift', async () => {
    await app.call('POST', '/api/contact/', {
      name: 'Ann',
      email: 'ann@example.org',
      subject: 'Hello',
      message: 'Hi there',
    });
    await app.call('POST', '/api/connect/', { first_name: 'Bo', last_name: 'Lee', email: 'bo@example.org' });
    await app.call('POST', '/api/give/', { name: 'Cy', email: 'cy@example.org', giving_type: 'tithe' });
    const [contact] = await app.ctx.db.select().from(contactSubmissions);
    const [connect] = await app.ctx.db.select().from(connectSubmissions);
    const [gift] = await app.ctx.db.select().from(givingSubmissions);
    expect(await queued()).toEqual(
      expect.arrayContaining([
        { job: 'send-notification-email', payload: { kind: 'contact-notification', recordId: contact!.id } },
        { job: 'send-notification-email', payload: { kind: 'connect-notification', recordId: connect!.id } },
        { job: 'send-notification-email', payload: { kind: 'giving-receipt', recordId: gift!.id } },
      ]),
    );
  });

  it('queues the pledge confirmation, and a follow-up when staff ask for one', async () => {
    const pledge = await app.call('POST', '/api/building-fund/', {
      first_name: 'Dee',
      last_name: 'Moss',
      email: 'dee@example.org',
      currency: 'GBP',
      total_pledge: 500,
      pay_by_date: inAMonth(),
      payment_type: 'partial',
      payment_amount: 100,
      payment_method: 'bank_transfer',
    });
    expect(pledge.status).toBe(201);
    expect(await queued()).toContainEqual({
      job: 'send-notification-email',
      payload: { kind: 'pledge-confirmation', recordId: pledge.body.id },
    });

    const followUp = await app.call(
      'POST',
      `/api/admin/building-fund-donations/${pledge.body.id}/follow-up/`,
      {},
      staff.headers,
    );
    expect(followUp.status).toBe(202);
    expect(followUp.body.message).toMatch(/queued/);
    expect(await queued()).toContainEqual({
      job: 'send-notification-email',
      payload: { kind: 'pledge-follow-up', recordId: pledge.body.id },
    });
  });

  it('answers 404 for a follow-up on an unknown pledge and 401 without a session', async () => {
    expect(
      (await app.call('POST', '/api/admin/building-fund-donations/999999/follow-up/', {}, staff.headers)).status,
    ).toBe(404);
    const [row] = await app.ctx.db.select().from(buildingFundPledges);
    expect((await app.call('POST', `/api/admin/building-fund-donations/${row!.id}/follow-up/`, {})).status).toBe(401);
  });
});
