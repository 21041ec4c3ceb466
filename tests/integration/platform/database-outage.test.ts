import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '@gather/server/platform/database/client';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { runWorker } from '@gather/server/worker/run';
import type { RunningWorkers } from '@gather/server/platform/jobs/workers';
import { startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { startFaultyPostgres, type FaultyPostgres } from '../../support/faulty-postgres.js';
import { startTestSmtp, type TestSmtpServer } from '../../support/test-smtp.js';

let postgres: FaultyPostgres;
let smtp: TestSmtpServer;
let app: TestApp;
let worker: RunningWorkers;

beforeAll(async () => {
  smtp = await startTestSmtp();
  postgres = await startFaultyPostgres();
  // Retries 300 ms, 600 ms ...: a notification that met the outage is sent soon after it.
  app = await startTestApp({
    DATABASE_URL: postgres.urlFor('gather'),
    SMTP_URL: smtp.url,
    WORKER_QUEUES: 'email',
    JOB_BACKOFF_MS: '300',
  });
  worker = await runWorker(app.ctx);
}, 120_000);
afterAll(async () => {
  await worker?.close();
  await app?.close();
  await postgres?.stop();
  await smtp?.close();
});

interface Sent {
  subject: string;
  status: number;
  retryAfter: string | null;
  body: unknown;
}

let sentCount = 0;

/** Visitors sending the contact form from three phones at once, each sending again as soon as answered. */
function sendContactForms() {
  const sent: Sent[] = [];
  let running = true;
  const phone = async () => {
    while (running) {
      const subject = `Prayer request ${++sentCount}`;
      const answer = await app
        .call('POST', '/api/contact/', { name: 'Mary Prince', email: 'mary@example.org', subject, message: 'Hello' })
        .catch((error: Error) => ({ status: 0, headers: new Headers(), body: error.message }));
      sent.push({ subject, status: answer.status, retryAfter: answer.headers.get('retry-after'), body: answer.body });
      if (answer.status !== 201) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const phones = [phone(), phone(), phone()];
  const acceptedSince = (index: number) => sent.slice(index).filter((one) => one.status === 201).length;
  return {
    sent,
    acceptedSince,
    stop: async () => {
      running = false;
      await Promise.all(phones);
    },
  };
}

/** Runs `fault` while forms are being sent, until forms are accepted again after it. */
async function underFormLoad(fault: (sent: Sent[]) => Promise<void>): Promise<Sent[]> {
  const load = sendContactForms();
  try {
    await eventually(async () => load.acceptedSince(0) >= 5, 'forms accepted before the fault');
    await fault(load.sent);
    const after = load.sent.length;
    await eventually(async () => load.acceptedSince(after) >= 5, 'forms accepted after the fault', 60_000);
  } finally {
    await load.stop();
  }
  return load.sent;
}

async function listenerPid(): Promise<number | undefined> {
  const rows = await app.ctx.db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database() and query = 'listen "gather_outbox"'`,
  );
  return rows.rows[0]?.pid;
}

/**
 * Every answer a 201 or a 503 with Retry-After; every 201 stored, and its notification mailed to the office
 * (the relay and the worker carried on); no connection kept by the outage.
 */
async function expectNothingAcceptedLost(sent: Sent[]): Promise<void> {
  const wrong = sent.filter(
    (one) => !(one.status === 201 || (one.status === 503 && /^\d+$/.test(one.retryAfter ?? ''))),
  );
  expect(wrong).toEqual([]);
  for (const refused of sent.filter((one) => one.status === 503)) {
    expect(refused.body).toEqual({ detail: expect.stringContaining('try again') });
  }
  const accepted = sent.filter((one) => one.status === 201).map((one) => one.subject);
  const stored = new Set(
    (await app.ctx.db.select({ subject: contactSubmissions.subject }).from(contactSubmissions)).map(
      (row) => row.subject,
    ),
  );
  expect(accepted.filter((subject) => !stored.has(subject))).toEqual([]);
  await eventually(
    async () => {
      const mailed = new Set(smtp.received.map((mail) => mail.subject));
      return accepted.every((subject) => mailed.has(`Contact form: ${subject}`));
    },
    'a notification for every accepted form',
    60_000,
  );
  // A connection lost with the server must go back to the pool: each one kept would leave one fewer, until
  // every request waited for a connection that never comes.
  const { pool } = app.ctx;
  await eventually(
    // Two stay out: the outbox relay's and the staff sessions' LISTEN connections.
    async () => pool.totalCount - pool.idleCount <= 2,
    'every connection but the two listeners back in the pool',
  );
}

describe('PostgreSQL restarted, killed or frozen while visitors send forms', () => {
  it('rides out a fast restart: the API keeps serving and listens for new jobs again', async () => {
    // A freshly started app may not have reached its LISTEN yet on a busy machine.
    const listenerBefore = await eventually(listenerPid, 'the outbox relay listening');
    const sent = await underFormLoad(() => postgres.restart());
    console.log(`restart: ${sent.filter((one) => one.status === 503).length} of ${sent.length} answered 503`);
    await expectNothingAcceptedLost(sent);
    await eventually(
      async () => ((await listenerPid()) ?? listenerBefore) !== listenerBefore,
      'the outbox relay listening again',
    );
  }, 120_000);

  it('rides out a killed server', async () => {
    const listenerBefore = await listenerPid();
    const sent = await underFormLoad(() => postgres.kill());
    console.log(`kill: ${sent.filter((one) => one.status === 503).length} of ${sent.length} answered 503`);
    await expectNothingAcceptedLost(sent);
    await eventually(
      async () => ((await listenerPid()) ?? listenerBefore) !== listenerBefore,
      'the outbox relay listening again',
    );
  }, 120_000);

  it('answers 503 instead of hanging while the server is frozen, and carries on after', async () => {
    let readiness: Awaited<ReturnType<TestApp['call']>> | undefined;
    const sent = await underFormLoad(async (answered) => {
      const frozenAt = answered.length;
      postgres.freeze();
      try {
        const frozen = new Promise((resolve) => setTimeout(resolve, 15_000));
        readiness = await app.call('GET', '/api/ready/');
        await eventually(
          async () => answered.slice(frozenAt).some((one) => one.status === 503),
          'a form refused, not left hanging, while the server is frozen',
          60_000,
        );
        await frozen;
      } finally {
        postgres.thaw();
      }
    });
    console.log(`freeze: ${sent.filter((one) => one.status === 503).length} of ${sent.length} answered 503`);
    expect(readiness).toMatchObject({ status: 503, body: { status: 'not ready' } });
    expect(sent.filter((one) => one.status === 503).length).toBeGreaterThan(0);
    await expectNothingAcceptedLost(sent);
  }, 120_000);

  it('never lets a later write run inside a transaction the frozen server left unfinished', async () => {
    // One connection used in turn, as a quiet API process does: the one a cut-off request leaves is the next one's.
    const database = connectDatabase(postgres.urlFor('gather'));
    try {
      await database.db.execute(sql`create table notes (note text)`);
      const cutOff = database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values ('cut off')`);
        postgres.freeze();
        await tx.execute(sql`insert into notes values ('never answered')`);
      });
      await expect(cutOff).rejects.toThrow();
      postgres.thaw();
      await database.db.execute(sql`insert into notes values ('answered after')`);
      const seen = await app.ctx.db.execute<{ note: string }>(sql`select note from notes`);
      expect(seen.rows.map((row) => row.note)).toEqual(['answered after']);
    } finally {
      postgres.thaw();
      await database.close();
    }
  }, 120_000);
});

describe('a resumable upload while PostgreSQL is frozen', () => {
  const tus = (method: string, route: string, headers: Record<string, string>, body?: Buffer) =>
    fetch(app.url + route, {
      method,
      headers: { 'Tus-Resumable': '1.0.0', ...headers },
      body: body && new Uint8Array(body),
    });
  const send = async (collectionId: string, photo: Buffer) => {
    const name = (text: string) => Buffer.from(text).toString('base64');
    const created = await tus('POST', '/api/uploads/resumable/', {
      'Upload-Length': String(photo.length),
      'Upload-Metadata': `collection_id ${name(collectionId)},filename ${name('font.jpg')}`,
    });
    expect(created.status).toBe(201);
    return { location: created.headers.get('location')! };
  };
  const lastPiece = (location: string, photo: Buffer) =>
    tus('PATCH', location, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, photo);

  it('answers the last piece 503, saves nothing half-way, and takes the file again once it is back', async () => {
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#88aa44' } })
      .jpeg()
      .toBuffer();
    const [baptism] = await app.ctx.db.insert(photoCollections).values({ name: 'Baptism' }).returning();
    const first = await send(baptism!.id, photo);
    postgres.freeze();
    let refused: Response;
    try {
      refused = await lastPiece(first.location, photo);
    } finally {
      postgres.thaw();
    }
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ detail: 'The site is briefly unavailable. Please try again in a moment.' });
    expect(
      await app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.collectionId, baptism!.id)),
    ).toEqual([]);

    // What the page does on a 503: it asks where the upload got to, finds it gone and sends the file anew.
    expect((await tus('HEAD', first.location, {})).status).toBe(404);
    const again = await send(baptism!.id, photo);
    expect((await lastPiece(again.location, photo)).status).toBe(200);
    const saved = await app.ctx.db
      .select()
      .from(collectionUploads)
      .where(eq(collectionUploads.collectionId, baptism!.id));
    expect(saved).toHaveLength(1);
  }, 120_000);
});
