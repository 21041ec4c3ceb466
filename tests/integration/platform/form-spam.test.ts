import type { Queue } from 'bullmq';
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pledgeSchema } from '@gather/contracts';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { outbox, receiptsSent } from '@gather/server/platform/database/schema/outbox';
import { newsletterSubscribers } from '@gather/server/platform/database/schema/newsletters';
import { connectSubmissions } from '@gather/server/platform/database/schema/connect';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { givingSubmissions } from '@gather/server/platform/database/schema/giving';
import type { TestApp } from '../../support/app.js';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import { eventually } from '../../support/eventually.js';
import type { TestSmtpServer } from '../../support/test-smtp.js';

let mailing: MailingApp;
let app: TestApp;
let smtp: TestSmtpServer;
let queue: Queue;

beforeAll(async () => {
  mailing = await startMailingApp({
    CHURCH_NAME: 'Gather Church',
    CHURCH_EMAIL_DOMAIN: 'gatherchurch.org.uk',
    FORM_MIN_FILL_SECONDS: '3',
  });
  ({ app, smtp, queue } = mailing);
});
afterAll(() => mailing?.close());

const OFFICE = 'office@gatherchurch.org.uk';
const SPAM = 'Buy cheap pills at spam.example';
const PERSON = { website: '', fill_time_ms: 20_000 };
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

const pledgeFrom = (email: string) => ({
  first_name: SPAM,
  last_name: 'Mensah',
  email,
  currency: 'GBP',
  total_pledge: '100',
  pay_by_date: inAMonth(),
  payment_type: 'full',
  payment_method: 'online',
  message: SPAM,
});

/** Waits until every queued mail job has run, so what was not sent will not be sent later. */
async function mailSettled() {
  const ids = (await app.ctx.db.select({ id: outbox.id }).from(outbox)).map((row) => row.id);
  await eventually(async () => {
    const jobs = await Promise.all(ids.map((id) => queue.getJob(`outbox-${id}`)));
    return jobs.every((job) => job?.finishedOn);
  }, 'every mail job finished');
}

describe('mail to an address a visitor typed', () => {
  it('gives the giver a receipt with none of their words, and the office the whole notice', async () => {
    const answer = await app.call('POST', '/api/give/', {
      name: SPAM,
      email: 'victim@example.org',
      giving_type: 'tithe',
      message: `${SPAM} <b>now</b>`,
      ...PERSON,
    });
    expect(answer.status).toBe(201);

    const receipt = await eventually(async () => smtp.to('victim@example.org')[0], 'receipt');
    expect(receipt.subject).toBe('Thank you for your gift to Gather Church');
    expect(receipt.text).toContain('Gift: Tithe');
    for (const part of [receipt.text, receipt.html, receipt.subject, receipt.header('to') ?? '']) {
      expect(part).not.toContain('spam.example');
      expect(part).not.toContain('pills');
    }

    const notice = await eventually(
      async () => smtp.to(OFFICE).find((mail) => mail.subject === `Giving form: ${SPAM}`),
      'office notice',
    );
    expect(notice.header('reply-to')).toContain('<victim@example.org>');
    expect(notice.text).toContain(SPAM);
    expect(notice.html).toContain(`${SPAM} &lt;b&gt;now&lt;/b&gt;`);
  });

  it('confirms a pledge with its amounts but none of the donor’s words', async () => {
    expect((await app.call('POST', '/api/building-fund/', pledgeFrom('pledger@example.org'))).status).toBe(201);
    const confirmation = await eventually(async () => smtp.to('pledger@example.org')[0], 'confirmation');
    expect(confirmation.text).toContain('Total pledge: £100.00');
    for (const part of [confirmation.text, confirmation.html, confirmation.header('to') ?? '']) {
      expect(part).not.toContain('spam.example');
    }
  });

  it('sends one receipt per address an hour, however many gifts, in parallel too; each is kept and the office hears of each', async () => {
    const give = () =>
      app.call('POST', '/api/give/', { name: 'Ann', email: 'Flooded@Example.org', giving_type: 'tithe', ...PERSON });
    expect((await give()).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 6 }, give));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    await mailSettled();

    const kept = await app.ctx.db
      .select()
      .from(givingSubmissions)
      .where(eq(givingSubmissions.email, 'flooded@example.org'));
    expect(kept).toHaveLength(7);
    expect(smtp.countFor('flooded@example.org')).toBe(1);
    const notices = smtp.to(OFFICE).filter((mail) => mail.subject === 'Giving form: Ann');
    expect(notices).toHaveLength(7);

    // An hour on, the address may have a receipt again.
    await app.ctx.db
      .update(receiptsSent)
      .set({ sentAt: sql`now() - interval '61 minutes'` })
      .where(eq(receiptsSent.email, 'flooded@example.org'));
    expect((await give()).status).toBe(201);
    await eventually(async () => smtp.countFor('flooded@example.org') === 2, 'receipt an hour later');
  });

  it('confirms at most one pledge per address an hour, keeping every pledge', async () => {
    const pledges = await Promise.all(
      Array.from({ length: 4 }, () => app.call('POST', '/api/building-fund/', pledgeFrom('many@example.org'))),
    );
    expect(pledges.map((answer) => answer.status)).toEqual(Array(4).fill(201));
    await mailSettled();
    const kept = await app.ctx.db
      .select()
      .from(buildingFundPledges)
      .where(eq(buildingFundPledges.email, 'many@example.org'));
    expect(kept).toHaveLength(4);
    expect(smtp.countFor('many@example.org')).toBe(1);
  });
});

describe('forms sent by scripts', () => {
  const FORMS = [
    {
      path: '/api/give/',
      body: (email: string) => ({ name: 'Bot', email, giving_type: 'offering' }),
      kept: (email: string) => app.ctx.db.select().from(givingSubmissions).where(eq(givingSubmissions.email, email)),
    },
    {
      path: '/api/connect/',
      body: (email: string) => ({ first_name: 'Bot', last_name: 'Net', email }),
      kept: (email: string) => app.ctx.db.select().from(connectSubmissions).where(eq(connectSubmissions.email, email)),
    },
    {
      path: '/api/contact/',
      body: (email: string) => ({ name: 'Bot', email, subject: 'Offer', message: SPAM }),
      kept: (email: string) => app.ctx.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email)),
    },
    {
      path: '/api/newsletter/subscribe/',
      body: (email: string) => ({ email }),
      kept: (email: string) =>
        app.ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)),
    },
    {
      path: '/api/building-fund/',
      body: pledgeFrom,
      kept: (email: string) =>
        app.ctx.db.select().from(buildingFundPledges).where(eq(buildingFundPledges.email, email)),
    },
  ];
  const jobCount = async () => (await app.ctx.db.select({ id: outbox.id }).from(outbox)).length;

  it.each([
    ['honeypot', { website: 'https://spam.example', fill_time_ms: 20_000 }],
    ['too-fast', { website: '', fill_time_ms: 800 }],
    ['honeypot-untimed', { website: 'x' }],
  ])('answers a form sent by a script (%s) as if kept, and keeps and mails nothing', async (why, check) => {
    for (const form of FORMS) {
      const email = `${why}${form.path.replaceAll('/', '-')}@example.org`;
      const asPerson = await app.call('POST', form.path, { ...form.body(email), ...PERSON });
      expect(asPerson.status, form.path).toBe(201);
      const jobs = await jobCount();

      const asScript = await app.call('POST', form.path, { ...form.body(email), ...check });
      expect(asScript.status, form.path).toBe(201);
      if (form.path === '/api/building-fund/') {
        // Every field of a real answer, with an id of its own.
        expect(pledgeSchema.strict().parse(asScript.body).id).toBeGreaterThan(asPerson.body.id);
        expect({ ...asScript.body, id: 0, created_at: '' }).toEqual({ ...asPerson.body, id: 0, created_at: '' });
      } else {
        expect(asScript.body, form.path).toEqual(asPerson.body);
      }
      expect(await form.kept(email), form.path).toHaveLength(1);
      expect(await jobCount(), form.path).toBe(jobs);
    }
  });

  it('keeps a form a person took their time over, and one from a caller that sends neither field', async () => {
    for (const form of FORMS) {
      const email = `person${form.path.replaceAll('/', '-')}@example.org`;
      expect(
        (await app.call('POST', form.path, { ...form.body(email), website: '', fill_time_ms: 3_000 })).status,
      ).toBe(201);
      expect(await form.kept(email), form.path).toHaveLength(1);
      const untimed = `untimed${form.path.replaceAll('/', '-')}@example.org`;
      expect((await app.call('POST', form.path, form.body(untimed))).status).toBe(201);
      expect(await form.kept(untimed), form.path).toHaveLength(1);
    }
  });
});

describe('photos sent by scripts', () => {
  const jpeg = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();

  async function upload(collectionId: string, fields: Record<string, string>) {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    data.append('file', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'picnic.jpg');
    return app.call('POST', `/api/photo-collections/public/${collectionId}/upload/`, data);
  }

  it('answers a script’s upload as if kept, and keeps no row, no file and no job', async () => {
    const [collection] = await app.ctx.db
      .insert(photoCollections)
      .values({ name: 'Picnic', description: '', allowVideos: false, maxFileSizeMb: 5 })
      .returning();
    const uploadsKept = async () =>
      (await app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.collectionId, collection!.id)))
        .length;
    const filesKept = async () =>
      (await fs.readdir(app.mediaDir, { recursive: true })).filter((name) => name.endsWith('.jpg')).length;

    const asPerson = await upload(collection!.id, { uploader_name: 'Grace', website: '', fill_time_ms: '20000' });
    expect(asPerson.status).toBe(201);
    expect(await uploadsKept()).toBe(1);
    const files = await filesKept();
    const jobs = (await app.ctx.db.select().from(outbox)).length;

    for (const check of [
      { website: 'https://spam.example', fill_time_ms: '20000' },
      { website: '', fill_time_ms: '800' },
    ]) {
      const asScript = await upload(collection!.id, { uploader_name: 'Grace', ...check });
      expect(asScript.status).toBe(201);
      expect(asScript.body.id).toBeGreaterThan(asPerson.body.id);
      expect({ ...asScript.body, id: 0, uploaded_at: '' }).toEqual({ ...asPerson.body, id: 0, uploaded_at: '' });
    }
    expect(await uploadsKept()).toBe(1);
    expect(await filesKept()).toBe(files);
    expect((await app.ctx.db.select().from(outbox)).length).toBe(jobs);

    expect((await upload(collection!.id, { uploader_name: 'Ruth' })).status).toBe(201);
    expect(await uploadsKept()).toBe(2);
  });
});
