import QRCode from 'qrcode';
import type { Database } from '../../platform/database/client.js';
import { draftMessage, formatMoment, notYou, RECORD_DELETED, type Letters } from '../../platform/mail/letter.js';
import type { Block } from '../../platform/mail/layout.js';
import type { MailSettings } from '../../platform/mail/settings.js';
import { churchCalendar, EventRepository, type EventRow } from '../events/index.js';
import type { AppContext } from '../../platform/context.js';
import type { RegistrationLinks } from './links.js';
import { RegistrationRepository, type RegistrationRow } from './repository.js';

type Kind = 'registration-confirmation' | 'registration-offer' | 'registration-reminder';

/**
 * A sign-up's mail. Like every mail to an address a visitor typed, it carries none of their own words (not their
 * name, nor their answers): only the event, the party size, the ticket and the private link.
 */
export function registrationLetters(
  ctx: Pick<AppContext, 'db' | 'config' | 'church'>,
  settings: MailSettings,
  links: RegistrationLinks,
): Letters<Kind> {
  const registrations = new RegistrationRepository(ctx.db as Database);
  const events = new EventRepository(ctx.db);
  const calendar = churchCalendar(ctx);

  const details = (event: EventRow, registration: RegistrationRow): Block => ({
    details: [
      ['Event', event.title],
      ['When', formatMoment(event.date, settings.timeZone)],
      ['Where', [event.location, event.venueAddress].filter(Boolean).join(', ')],
      ['People', String(registration.party)],
    ],
  });
  const manage = (registration: RegistrationRow): Block => ({
    link: links.manageUrl(registration.id),
    label: 'Change the number of people or cancel',
  });
  const load = async (id: number) => {
    const registration = await registrations.find(id);
    const event = registration && (await events.byId(registration.eventId));
    return registration && event ? { registration, event } : undefined;
  };
  const ticketParts = async (event: EventRow, registration: RegistrationRow) => {
    const qr = await QRCode.toBuffer(links.ticketCode(registration.ticket), { width: 480, margin: 2 });
    const { ics } = await calendar.event(event.id);
    return {
      block: { image: 'ticket-qr', alt: `Your ticket: ${registration.ticket}` } as Block,
      attachments: [
        { filename: 'ticket.png', content: qr, contentType: 'image/png', cid: 'ticket-qr' },
        { filename: 'event.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
      ],
    };
  };

  return {
    'registration-confirmation': async (id) => {
      const found = await load(id);
      if (!found) return RECORD_DELETED;
      const { registration, event } = found;
      const to = { name: '', address: registration.email };
      if (registration.status === 'waitlisted') {
        return draftMessage(settings, {
          to,
          subject: `On the waiting list: ${event.title}`,
          blocks: [
            { paragraph: `You are on the waiting list for ${event.title}. If a place comes free we will e-mail you.` },
            details(event, registration),
            manage(registration),
            { paragraph: notYou(settings) },
          ],
        });
      }
      if (registration.status !== 'confirmed') return { skip: `sign-up is ${registration.status}` };
      const ticket = await ticketParts(event, registration);
      return draftMessage(settings, {
        to,
        subject: `You're signed up: ${event.title}`,
        blocks: [
          { paragraph: `Your place at ${event.title} is confirmed. Show this code at the door.` },
          ticket.block,
          details(event, registration),
          { paragraph: 'The attached calendar file adds the event to your calendar.' },
          manage(registration),
          { paragraph: notYou(settings) },
        ],
        attachments: ticket.attachments,
      });
    },
    'registration-offer': async (id) => {
      const found = await load(id);
      if (!found) return RECORD_DELETED;
      const { registration, event } = found;
      if (registration.status !== 'offered' || !registration.offerExpiresAt) {
        return { skip: `sign-up is ${registration.status}` };
      }
      return draftMessage(settings, {
        to: { name: '', address: registration.email },
        subject: `A place is free for you: ${event.title}`,
        blocks: [
          {
            paragraph: `A place came free at ${event.title}. Accept it by ${formatMoment(registration.offerExpiresAt, settings.timeZone)}, or it passes to the next person waiting.`,
          },
          details(event, registration),
          { link: links.manageUrl(registration.id), label: 'Accept or decline the place' },
          { paragraph: notYou(settings) },
        ],
      });
    },
    'registration-reminder': async (id) => {
      const found = await load(id);
      if (!found) return RECORD_DELETED;
      const { registration, event } = found;
      if (registration.status !== 'confirmed') return { skip: `sign-up is ${registration.status}` };
      const ticket = await ticketParts(event, registration);
      return draftMessage(settings, {
        to: { name: '', address: registration.email },
        subject: `Tomorrow: ${event.title}`,
        blocks: [
          { paragraph: `A reminder that ${event.title} is coming up. Show this code at the door.` },
          ticket.block,
          details(event, registration),
          manage(registration),
        ],
        attachments: ticket.attachments,
      });
    },
  };
}
