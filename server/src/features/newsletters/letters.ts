import { draftMessage, RECORD_DELETED, type Letters } from '../../platform/mail/letter.js';
import type { MailSettings } from '../../platform/mail/settings.js';
import type { NewsletterRepository } from './signup-repository.js';
import type { UnsubscribeLinks } from './unsubscribe.js';

/** The welcome to a new subscriber: like every newsletter mail, it carries a way out. */
export function newsletterLetters(
  subscribers: NewsletterRepository,
  settings: MailSettings,
  links: Pick<UnsubscribeLinks, 'linksFor'>,
): Letters<'newsletter-welcome'> {
  const church = settings.churchName;
  return {
    'newsletter-welcome': async (id) => {
      const subscriber = await subscribers.subscriber(id);
      if (!subscriber) return RECORD_DELETED;
      if (subscriber.unsubscribedAt) return { skip: 'unsubscribed' };
      const unsubscribe = links.linksFor(subscriber.email);
      return draftMessage(settings, {
        to: { name: '', address: subscriber.email },
        subject: `Welcome to the ${church} newsletter`,
        blocks: [
          { paragraph: `Thank you for subscribing to the ${church} newsletter.` },
          { paragraph: 'We will write with news of services, events and church life.' },
          { paragraph: 'If you did not sign up, or change your mind, you can leave the list at any time:' },
          { link: unsubscribe.url, label: 'Unsubscribe' },
        ],
        unsubscribe,
      });
    },
  };
}
