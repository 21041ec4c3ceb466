import { draftMessage, formatMoment, officeOf, RECORD_DELETED, type Letters } from '../../platform/mail/letter.js';
import type { MailSettings } from '../../platform/mail/settings.js';
import type { ConnectRepository } from './repository.js';

/** The office's copy of a connect card; a reply goes to the visitor. */
export function connectLetters(cards: ConnectRepository, settings: MailSettings): Letters<'connect-notification'> {
  return {
    'connect-notification': async (id) => {
      const connect = await cards.find(id);
      if (!connect) return RECORD_DELETED;
      const name = `${connect.firstName} ${connect.lastName}`.trim();
      return draftMessage(settings, {
        to: officeOf(settings),
        replyTo: { name, address: connect.email },
        subject: `Connect form: ${name}`,
        blocks: [
          { paragraph: `${name} filled in the connect form. Reply to this e-mail to answer them.` },
          {
            details: [
              ['Name', name],
              ['Email', connect.email],
              ...(connect.phone ? [['Phone', connect.phone] as [string, string]] : []),
              ['Interests', connect.interests.length ? connect.interests.join(', ') : 'None chosen'],
              ['Sent', formatMoment(connect.createdAt, settings.timeZone)],
            ],
          },
          ...(connect.message ? [{ quote: connect.message }] : []),
        ],
      });
    },
  };
}
