import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistrationRepository } from '@gather/server/features/registrations/repository';
import { eventually } from '../../support/eventually.js';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import { readQrCode } from '../../support/qr.js';
import { eventTakingSignUps, signUp } from '../../support/registrations.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import type { ReceivedMail } from '../../support/test-smtp.js';

let mailing: MailingApp;
let staff: Staff;

beforeAll(async () => {
  mailing = await startMailingApp();
  staff = await signInAsStaff(mailing.app);
});
afterAll(() => mailing?.close());

const staffCall = (method: string, path: string, body?: unknown) => mailing.app.call(method, path, body, staff.headers);

const mailTo = (address: string, subject: string) =>
  eventually(
    async () => mailing.smtp.to(address).find((mail) => mail.subject.startsWith(subject)),
    `"${subject}" to ${address}`,
  );

/** The private link in a sign-up's mail, as the path the page posts back to. */
function manageLink(mail: ReceivedMail): string {
  const url = /https?:\/\/\S+\/api\/registrations\/manage\/\?\S+/.exec(mail.text)![0];
  return url.slice(url.indexOf('/api/'));
}

const post = (path: string, fields: Record<string, string>) =>
  fetch(mailing.app.url + path, { method: 'POST', body: new URLSearchParams(fields) });

describe('sign-up mail', () => {
  it('confirms a place with the event in a calendar file and the ticket as a QR code, and never the name', async () => {
    const eventId = await eventTakingSignUps(mailing.app, staff, {}, { title: 'Harvest Supper' });
    expect(
      (await signUp(mailing.app, eventId, { name: 'Ruth Hale', email: 'ruth@example.org', party: 2 })).status,
    ).toBe(201);

    const mail = await mailTo('ruth@example.org', "You're signed up: Harvest Supper");
    expect(mail.text).toContain('People: 2');
    expect(mail.text + mail.html).not.toContain('Ruth');
    const calendar = mail.attachments.find((file) => file.filename === 'event.ics')!;
    const [entry] = Object.values(ical.sync.parseICS(calendar.content.toString())).filter(
      (item): item is VEvent => (item as VEvent).type === 'VEVENT',
    );
    expect(entry!.summary).toBe('Harvest Supper');
    const qr = mail.attachments.find((file) => file.filename === 'ticket.png')!;
    // Shown in the message itself: the reader inlines the image its HTML names by content id.
    expect(qr.cid).toBe('ticket-qr');
    expect(mail.html).toContain('<img src="data:image/png;base64,');
    const code = await readQrCode(qr.content);
    const list = await staffCall('GET', `/api/admin/events/${eventId}/registrations/`);
    expect(code).toMatch(new RegExp(`^GT1\\.${list.body.registrations[0].ticket}\\.`));
  });

  it('gives a cancelled place to the waiting list in order, with a time to accept, and passes it on when not taken', async () => {
    const eventId = await eventTakingSignUps(mailing.app, staff, { capacity: 1, accept_hours: 24 }, { title: 'Gala' });
    await signUp(mailing.app, eventId, { email: 'first@example.org' });
    const second = await signUp(mailing.app, eventId, { email: 'second@example.org' });
    const third = await signUp(mailing.app, eventId, { email: 'third@example.org' });
    expect([second.body.waitlist_position, third.body.waitlist_position]).toEqual([1, 2]);
    expect((await mailTo('second@example.org', 'On the waiting list: Gala')).text).toContain('waiting list');

    // The first cancels through the private link: opening it changes nothing, its button does.
    const link = manageLink(await mailTo('first@example.org', "You're signed up: Gala"));
    const page = await fetch(mailing.app.url + link);
    expect(await page.text()).toContain('Cancel my sign-up');
    expect((await staffCall('GET', `/api/admin/events/${eventId}/registrations/`)).body.counts.confirmed).toBe(1);
    const cancelled = await post(link, { action: 'cancel' });
    expect(await cancelled.text()).toContain('Your sign-up is cancelled.');

    const offer = await mailTo('second@example.org', 'A place is free for you: Gala');
    expect(offer.text).toMatch(/Accept it by \d+ \w+ \d{4} at \d\d:\d\d/);
    let list = await staffCall('GET', `/api/admin/events/${eventId}/registrations/`);
    const offered = list.body.registrations.find((row: { email: string }) => row.email === 'second@example.org');
    expect(offered.status).toBe('offered');
    const hoursToAccept = (Date.parse(offered.offer_expires_at) - Date.now()) / 3_600_000;
    expect(hoursToAccept).toBeGreaterThan(23.9);
    expect(hoursToAccept).toBeLessThanOrEqual(24);
    expect(mailing.smtp.to('third@example.org').some((mail) => mail.subject.startsWith('A place'))).toBe(false);

    // The window runs out (moved into the past, as a day passing would): the sweep passes the place on.
    await mailing.app.ctx.db.execute(
      sql`update event_registrations set offer_expires_at = now() - interval '1 minute' where id = ${offered.id}`,
    );
    await new RegistrationRepository(mailing.app.ctx.db).expireOffers();
    const thirdOffer = await mailTo('third@example.org', 'A place is free for you: Gala');
    const accepted = await post(manageLink(thirdOffer), { action: 'accept' });
    expect(await accepted.text()).toContain('The place is yours');
    await mailTo('third@example.org', "You're signed up: Gala");
    list = await staffCall('GET', `/api/admin/events/${eventId}/registrations/`);
    expect(list.body.counts).toMatchObject({ confirmed: 1, waitlisted: 0, offered: 0, cancelled: 2, places_taken: 1 });
    // Too late for the second: the offer has ended.
    const late = await post(manageLink(offer), { action: 'accept' });
    expect(await late.text()).toContain('cancelled');
  });

  it('refuses a manage link whose token was changed', async () => {
    const eventId = await eventTakingSignUps(mailing.app, staff, {}, { title: 'Quiz night' });
    await signUp(mailing.app, eventId, { email: 'quiz@example.org' });
    const link = manageLink(await mailTo('quiz@example.org', "You're signed up: Quiz night"));
    const forged = await fetch(mailing.app.url + link.replace(/token=[^&]+/, 'token=forged'));
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('Link not valid');
  });

  it('asks for newsletter consent only when ticked, by double opt-in', async () => {
    const eventId = await eventTakingSignUps(mailing.app, staff, {}, { title: 'Carols' });
    await signUp(mailing.app, eventId, { email: 'noconsent@example.org' });
    await signUp(mailing.app, eventId, { email: 'consent@example.org', newsletter_consent: true });
    await mailTo('consent@example.org', "You're signed up: Carols");
    await eventually(async () => mailing.smtp.to('consent@example.org').length === 2, 'the confirm-your-address mail');
    await mailTo('noconsent@example.org', "You're signed up: Carols");
    expect(mailing.smtp.to('noconsent@example.org')).toHaveLength(1);
  });
});

describe('check-in at the door', () => {
  it('checks a ticket in once, warns on a second scan, and counts a replayed offline check-in once', async () => {
    const eventId = await eventTakingSignUps(mailing.app, staff, { capacity: 10 }, { title: 'Weekend Away' });
    await signUp(mailing.app, eventId, { email: 'door@example.org', party: 3 });
    await signUp(mailing.app, eventId, { email: 'other@example.org', name: 'Sam Lee' });
    const mail = await mailTo('door@example.org', "You're signed up: Weekend Away");
    const ticket = (await readQrCode(mail.attachments.find((file) => file.filename === 'ticket.png')!.content))!;
    const checkIns = `/api/admin/events/${eventId}/check-ins/`;

    const first = await staffCall('POST', checkIns, { client_id: randomUUID(), ticket });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ outcome: 'checked_in', counts: { checked_in: 1, arrived: 3 } });
    const again = await staffCall('POST', checkIns, { client_id: randomUUID(), ticket });
    expect(again.body).toMatchObject({ outcome: 'already_checked_in', counts: { checked_in: 1, arrived: 3 } });

    // A phone offline at the door kept its check-in and sends it twice once back (the first answer was lost).
    const list = await staffCall('GET', `/api/admin/events/${eventId}/registrations/?search=sam`);
    const sam = list.body.registrations[0];
    const offline = {
      client_id: randomUUID(),
      registration_id: sam.id,
      at: new Date(Date.now() - 60_000).toISOString(),
    };
    const replays = await Promise.all([staffCall('POST', checkIns, offline), staffCall('POST', checkIns, offline)]);
    expect(replays.map((answer) => answer.status)).toEqual([200, 200]);
    expect(replays.map((answer) => answer.body.outcome)).toEqual(['checked_in', 'checked_in']);
    const once = await staffCall('POST', checkIns, offline);
    expect(once.body).toMatchObject({ outcome: 'checked_in', counts: { checked_in: 2, arrived: 4 } });
    expect(once.body.registration.checked_in_at).toBe(offline.at);

    const forged = await staffCall('POST', checkIns, { client_id: randomUUID(), ticket: ticket.slice(0, -2) + 'xx' });
    expect([forged.status, forged.body.detail]).toEqual([404, 'No such ticket for this event.']);
  });

  it('exports the sign-ups as CSV that a spreadsheet cannot run', async () => {
    const eventId = await eventTakingSignUps(mailing.app, staff, {
      questions: [{ id: 'diet', label: 'Dietary needs', kind: 'text' }],
    });
    await signUp(mailing.app, eventId, {
      name: '=HYPERLINK("http://evil")',
      email: 'csv@example.org',
      answers: { diet: '+1 vegan' },
    });
    const response = await fetch(`${mailing.app.url}/api/admin/events/${eventId}/registrations/export/`, {
      headers: staff.headers,
    });
    const csv = await response.text();
    expect(csv.split('\n')[0]).toBe('Name,Email,People,Status,Waiting list place,Checked in,Signed up,Dietary needs');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain("'+1 vegan");
  });
});
