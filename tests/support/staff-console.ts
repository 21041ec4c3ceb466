import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { albums } from '@gather/server/platform/database/schema/albums';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { photoCollections } from '@gather/server/platform/database/schema/collections';
import { events } from '@gather/server/platform/database/schema/events';
import { emailCampaigns } from '@gather/server/platform/database/schema/newsletters';
import { qnaQuestions, qnaSessions } from '@gather/server/platform/database/schema/qna';
import { services } from '@gather/server/platform/database/schema/services';
import { staffPasswordLinks } from '@gather/server/platform/database/schema/staff';
import { connectSubmissions } from '@gather/server/platform/database/schema/connect';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { givingSubmissions } from '@gather/server/platform/database/schema/giving';
import { mailSettings } from '@gather/server/platform/mail/settings';
import { PasswordLinks } from '@gather/server/features/staff-accounts/password-links';
import { LinkSigner, siteSecret } from '@gather/server/platform/signed-links';
import { insertDraft } from './campaigns.js';
import { seedSignUps } from './registrations.js';
import type { TestSite } from './site.js';

/** Long enough that its card's badges and title must wrap on a phone. */
export const LONG_EVENT = 'Carols by candlelight with the community choir and the brass band';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/** A guest's photo (Grace's choir.jpg) sent to a collection as the upload page sends it; throws unless accepted. */
export async function sendGuestPhoto(site: TestSite, collectionId: string): Promise<void> {
  const form = new FormData();
  form.append('uploader_name', 'Grace');
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#667eea' } })
    .jpeg()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'choir.jpg');
  const upload = await site.app.call('POST', `/api/photo-collections/public/${collectionId}/upload/`, form);
  if (upload.status !== 201) throw new Error(`upload failed: ${upload.status}`);
}

/**
 * A console with something in every section: cards with all their badges, waiting work for the
 * attention counts, campaigns in each state and a set-password link. Answers a signed-in staff
 * page, a live Q&A session with a question waiting, the set-password page's path and the event taking sign-ups.
 */
export async function seedConsole(
  site: TestSite,
): Promise<{ page: Page; sessionId: string; setPasswordPath: string; signUpsEventId: number }> {
  const db = site.app.ctx.db;
  const [signUpsEvent] = await db
    .insert(events)
    .values([
      {
        title: LONG_EVENT,
        description: 'Candles, carols and mince pies for everyone, young and old.',
        date: new Date(Date.now() + 20 * DAY),
        location: 'Main hall',
        isSpecial: true,
        isFeatured: true,
        price: '0.00',
      },
      {
        title: 'Harvest supper',
        description: 'A shared meal.',
        date: new Date(Date.now() - 20 * DAY),
        location: 'Church hall',
        eventType: 'worship',
        status: 'cancelled',
      },
    ])
    .returning();
  await seedSignUps(site.app, signUpsEvent!.id);
  await db.insert(services).values([
    { name: 'Sunday Worship', day: 'Sunday', time: '10:30 AM', description: 'Our main service.' },
    { name: 'Midweek prayer', day: 'Wednesday', time: '7:00 PM', description: 'Prayer.', isActive: false },
  ]);
  await db.insert(albums).values({ title: 'Baptism Sunday', description: 'Photos of the day.', isFeatured: true });
  // Written behind the API's back: the lists it keeps in memory are told, as a staff edit would tell them.
  site.app.publicCache.changed();

  const [session] = await db
    .insert(qnaSessions)
    .values({ title: 'Sunday panel', description: 'Ask the elders.', moderation: 'review', questionCount: 2 })
    .returning();
  await db.insert(qnaQuestions).values([
    { sessionId: session!.id, text: 'When will the new hall open?', name: 'Ruth' },
    { sessionId: session!.id, text: 'Is there a youth trip this summer?', status: 'pending' },
  ]);

  const [collection] = await db
    .insert(photoCollections)
    .values({ name: 'Harvest Sunday', requiresApproval: true, allowVideos: true })
    .returning();
  await sendGuestPhoto(site, collection!.id);

  await db.insert(contactSubmissions).values({
    name: 'Ruth Naomi',
    email: 'ruth.naomi@example.org',
    subject: 'Sewing group',
    message: 'When does the sewing group meet?',
  });
  await db.insert(connectSubmissions).values({
    firstName: 'Boaz',
    lastName: 'Field',
    email: 'boaz@example.org',
    interests: ["I'm new here", 'Prayer request'],
  });
  await db
    .insert(givingSubmissions)
    .values({ name: 'Lydia Purple', email: 'lydia@example.org', message: 'For the roof' });
  const pledge = {
    lastName: 'Barnabas',
    email: 'joseph@example.org',
    totalPledge: '1200.00',
    paymentType: 'partial',
    paymentAmount: '100.00',
    paymentMethod: 'bank_transfer',
  };
  await db.insert(buildingFundPledges).values([
    { ...pledge, firstName: 'Joseph', payByDate: isoDay(-10) },
    { ...pledge, firstName: 'Mary', payByDate: isoDay(3), paymentStatus: 'confirmed' },
    { ...pledge, firstName: 'Mark', payByDate: isoDay(40), paymentStatus: 'completed' },
  ]);

  await insertDraft(site.app, {
    subject: 'Advent newsletter',
    recipients: [{ email: 'ruth.naomi@example.org', name: 'Ruth' }],
  });
  const campaign = { content: 'Join us.', fromEmail: '', fromName: '', total: 0, createdBy: 'test' };
  await db.insert(emailCampaigns).values([
    { ...campaign, subject: 'Carol service times', status: 'scheduled', scheduledAt: new Date(Date.now() + DAY) },
    { ...campaign, subject: 'Harvest thanks', status: 'paused', pausedReason: 'Many addresses bounced' },
    { ...campaign, subject: 'Building fund update', status: 'sent_with_failures', finishedAt: new Date() },
    { ...campaign, subject: 'Summer picnic', status: 'cancelled', cancelledAt: new Date() },
  ]);

  const { page, staff } = await site.staffPage();
  const added = await site.app.call(
    'POST',
    '/api/admin/staff-accounts/',
    { username: 'warden_lydia', email: 'warden@example.org', delivery: 'email-link', roles: ['content'] },
    staff.headers,
  );
  if (added.status !== 201) throw new Error(`adding a staff account failed: ${added.status}`);
  const [link] = await db.select().from(staffPasswordLinks).where(eq(staffPasswordLinks.userId, added.body.account.id));
  const links = new PasswordLinks(new LinkSigner(siteSecret(site.app.ctx.config)), mailSettings(site.app.ctx.config));
  const address = new URL(links.url(link!.id, link!.nonce));
  return {
    page,
    sessionId: session!.id,
    setPasswordPath: address.pathname + address.search,
    signUpsEventId: signUpsEvent!.id,
  };
}
