import { draftMessage, RECORD_DELETED, type Letters } from '../../platform/mail/letter.js';
import type { MailSettings } from '../../platform/mail/settings.js';
import type { NewsletterRepository } from './signup-repository.js';
import type { UnsubscribeLinks } from './unsubscribe.js';
import type { ConfirmLinks } from './confirm-links.js';

/**
 * The question to whoever owns an address that was given consent on a form (one mail, no list headers: it is
 * not a newsletter), and the welcome once they confirmed: like every newsletter mail, it carries a way out.
 */
export function newsletterLetters(
  subscribers: NewsletterRepository,
  settings: MailSettings,
  links: Pick<UnsubscribeLinks, 'linksFor'>,
  confirmLinks: Pick<ConfirmLinks, 'url'>,
): Letters<'newsletter-welcome' | 'newsletter-confirmation'> {
  return {
    'newsletter-confirmation': async (id) => {
      const consent = await subscribers.pendingConsent(id);
      if (!consent) return { skip: 'no longer waiting for confirmation' };
      return draftMessage(settings, {
        to: { name: '', address: consent.email },
        subject: `Please confirm: the ${settings.churchName} newsletter`,
        blocks: [
          {
            paragraph: `Someone, we hope you, asked for the ${settings.churchName} newsletter to be sent to this address.`,
          },
          { paragraph: 'We will only send it once you confirm:' },
          { link: confirmLinks.url(id), label: 'Yes, send me the newsletter' },
          {
            paragraph:
              'If this was not you, or you have changed your mind, there is nothing to do: without your confirmation we will not send you the newsletter.',
          },
        ],
      });
    },
    'newsletter-welcome': async (id) => {
      const subscriber = await subscribers.subscriber(id);
      if (!subscriber) return RECORD_DELETED;
      if (subscriber.unsubscribedAt) return { skip: 'unsubscribed' };
      const unsubscribe = links.linksFor(subscriber.email);
      return draftMessage(settings, {
        to: { name: '', address: subscriber.email },
        subject: `Welcome to the ${settings.churchName} newsletter`,
        blocks: [
          { paragraph: `Thank you for subscribing to the ${settings.churchName} newsletter.` },
          { paragraph: 'We will write with news of services, events and church life.' },
          { paragraph: 'If you did not sign up, or change your mind, you can leave the list at any time:' },
          { link: unsubscribe.url, label: 'Unsubscribe' },
        ],
        unsubscribe,
      });
    },
  };
}
