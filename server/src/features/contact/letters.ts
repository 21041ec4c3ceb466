import { draftMessage, formatMoment, officeOf, RECORD_DELETED, type Letters } from '../../platform/mail/letter.js';
import type { MailSettings } from '../../platform/mail/settings.js';
import type { ContactRepository } from './repository.js';

/** The office's copy of a message sent through the contact form; a reply goes to the sender. */
export function contactLetters(messages: ContactRepository, settings: MailSettings): Letters<'contact-notification'> {
  return {
    'contact-notification': async (id) => {
      const contact = await messages.find(id);
      if (!contact) return RECORD_DELETED;
      return draftMessage(settings, {
        to: officeOf(settings),
        replyTo: { name: contact.name, address: contact.email },
        subject: `Contact form: ${contact.subject}`,
        blocks: [
          {
            paragraph: `${contact.name} sent a message through the contact form. Reply to this e-mail to answer them.`,
          },
          {
            details: [
              ['Name', contact.name],
              ['Email', contact.email],
              ...(contact.phone ? [['Phone', contact.phone] as [string, string]] : []),
              ['Subject', contact.subject],
              ['Sent', formatMoment(contact.createdAt, settings.timeZone)],
            ],
          },
          { quote: contact.message },
        ],
      });
    },
  };
}
