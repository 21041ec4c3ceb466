import { draftMessage, formatMoment, RECORD_DELETED, type Letters } from '../../platform/mail/letter.js';
import type { MailSettings } from '../../platform/mail/settings.js';
import type { PasswordLinks } from './password-links.js';
import type { StaffAccountsRepository } from './repository.js';

/** A new staff member's (or a reset's) link to set their own password. */
export function staffAccountLetters(
  accounts: StaffAccountsRepository,
  settings: MailSettings,
  links: Pick<PasswordLinks, 'url'>,
): Letters<'staff-password-link'> {
  return {
    'staff-password-link': async (id) => {
      const link = await accounts.linkToMail(id);
      if (!link) return RECORD_DELETED;
      if (!link.usable) return { skip: 'link no longer usable' };
      return draftMessage(settings, {
        to: { name: link.username, address: link.email },
        subject: `Set your password for the ${settings.churchName} website`,
        blocks: [
          {
            paragraph: `Your staff account "${link.username}" on the ${settings.churchName} website is ready for a new password.`,
          },
          { link: links.url(link.id, link.nonce), label: 'Set my password' },
          {
            paragraph: `The link works once, until ${formatMoment(link.expiresAt, settings.timeZone)}. If you did not expect this e-mail, you can ignore it.`,
          },
        ],
      });
    },
  };
}
