import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoCollections } from '@gather/server/platform/database/schema/collections';
import { outbox } from '@gather/server/platform/database/schema/outbox';
import { runWorker } from '@gather/server/worker/run';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import { eventually } from '../../support/eventually.js';

const OFFICE = 'office@example.org';
let mailing: MailingApp;
beforeAll(async () => {
  // A digest waits this long after a collection's first new upload (an hour by default).
  mailing = await startMailingApp({ CHURCH_NOTIFY_EMAIL: OFFICE, UPLOAD_DIGEST_SECONDS: '2' });
});
afterAll(() => mailing.close());

async function collection(name: string, values: Partial<typeof photoCollections.$inferInsert> = {}) {
  const [created] = await mailing.app.ctx.db
    .insert(photoCollections)
    .values({ name, notifyUploads: true, ...values })
    .returning();
  return created!;
}

async function upload(collectionId: string) {
  const form = new FormData();
  const bytes = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const answer = await mailing.app.call('POST', `/api/photo-collections/public/${collectionId}/upload/`, form);
  expect(answer.status).toBe(201);
  return answer.body.id as number;
}

const digestsAbout = (name: string) => mailing.smtp.to(OFFICE).filter((mail) => mail.subject.includes(` in ${name}`));
const digestJobs = (collectionId: string) =>
  mailing.app.ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.jobName, 'send-upload-digest'), sql`${outbox.payload}->>'collectionId' = ${collectionId}`));

/** The digest job has run and recorded what it told (or that there was nothing to tell). */
const digestDone = (collectionId: string, upToId: number) =>
  eventually(async () => {
    const [row] = await mailing.app.ctx.db.select().from(photoCollections).where(eq(photoCollections.id, collectionId));
    return row!.digestCountedId === upToId && row!.digestDueAt === null;
  }, 'digest recorded');

describe('the staff digest of new uploads', () => {
  it('sends one e-mail for several uploads with their count and those waiting, linking to the collection', async () => {
    const harvest = await collection('Harvest Sunday', { requiresApproval: true });
    const ids = [await upload(harvest.id), await upload(harvest.id), await upload(harvest.id)];
    expect(await digestJobs(harvest.id)).toHaveLength(1);

    const [mail] = await eventually(
      async () => (digestsAbout('Harvest Sunday').length ? digestsAbout('Harvest Sunday') : undefined),
      'digest',
    );
    await digestDone(harvest.id, ids[2]!);
    expect(digestsAbout('Harvest Sunday')).toHaveLength(1);
    expect(mail!.subject).toBe('3 new photos in Harvest Sunday, 3 waiting for approval');
    expect(mail!.text).toContain(`/admin/dashboard?section=photo-collections&review=${harvest.id}`);

    // The next upload starts the next interval's digest, counting only what is new.
    const later = await upload(harvest.id);
    await eventually(async () => digestsAbout('Harvest Sunday').length === 2, 'second digest');
    await digestDone(harvest.id, later);
    expect(digestsAbout('Harvest Sunday').map((each) => each.subject)).toEqual([
      '3 new photos in Harvest Sunday, 3 waiting for approval',
      '1 new photo in Harvest Sunday, 4 waiting for approval',
    ]);
  });

  it('says nothing of waiting uploads where no approval is needed', async () => {
    const picnic = await collection('Church Picnic');
    const id = await upload(picnic.id);
    await digestDone(picnic.id, id);
    expect(digestsAbout('Church Picnic').map((each) => each.subject)).toEqual(['1 new photo in Church Picnic']);
  });

  it('sends nothing for a collection whose staff did not ask for it', async () => {
    const quiet = await collection('Quiet Morning', { notifyUploads: false });
    const told = await collection('Told Morning');
    await upload(quiet.id);
    const id = await upload(told.id);
    await digestDone(told.id, id);
    expect(await digestJobs(quiet.id)).toEqual([]);
    expect(digestsAbout('Quiet Morning')).toEqual([]);
  });

  it('sends nothing when staff turn it off before it is due', async () => {
    const turnedOff = await collection('Turned Off');
    const id = await upload(turnedOff.id);
    await mailing.app.ctx.db
      .update(photoCollections)
      .set({ notifyUploads: false })
      .where(eq(photoCollections.id, turnedOff.id));
    await digestDone(turnedOff.id, id);
    expect(digestsAbout('Turned Off')).toEqual([]);
  });

  it('still sends the digest when the worker restarts while it waits', async () => {
    // Last: the mailing app's own worker stays closed after it.
    const vigil = await collection('Easter Vigil');
    await mailing.worker.close();
    const id = await upload(vigil.id);
    const restarted = await runWorker(mailing.app.ctx);
    try {
      await digestDone(vigil.id, id);
      expect(digestsAbout('Easter Vigil').map((each) => each.subject)).toEqual(['1 new photo in Easter Vigil']);
    } finally {
      await restarted.close();
    }
  });
});
