import { FORM_THANKS, type MessageAnswer, type NewsletterSubscription, type UnsubscribeQuery } from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import type { LinkAnswer } from '../../platform/http/link-page.js';
import type { SpamGuard } from '../../platform/http/spam-guard.js';
import type { UnsubscribeLinks } from './unsubscribe.js';
import type { NewsletterRepository } from './signup-repository.js';

export class NewsletterService {
  constructor(
    private readonly subscribers: NewsletterRepository,
    private readonly links: UnsubscribeLinks,
    private readonly churchName: string,
    private readonly spam: SpamGuard,
  ) {}

  async subscribe(subscription: NewsletterSubscription): Promise<MessageAnswer> {
    if (!this.spam.isAutomated('newsletter', subscription)) await this.subscribers.subscribe(subscription.email);
    return { message: FORM_THANKS.newsletter };
  }

  /** The page an unsubscribe link opens: it asks, and changes nothing (mail scanners open links too). */
  askUnsubscribe(query: UnsubscribeQuery): Promise<LinkAnswer> {
    this.checkLink(query);
    return Promise.resolve({
      title: 'Unsubscribe',
      message: `Would you like to stop receiving the ${this.churchName} newsletter at ${query.email.toLowerCase()}?`,
      button: 'Unsubscribe',
    });
  }

  /** Unsubscribes the address a signed link names, posted; a link whose token does not match is refused. */
  async unsubscribe(query: UnsubscribeQuery): Promise<LinkAnswer> {
    this.checkLink(query);
    await this.subscribers.unsubscribe(query.email.toLowerCase());
    return { title: 'Unsubscribed', message: `You have been unsubscribed from the ${this.churchName} newsletter.` };
  }

  private checkLink({ email, token }: UnsubscribeQuery): void {
    if (!this.links.verify(email, token)) {
      throw AppError.badRequest('This unsubscribe link is not valid. Please use the link from the e-mail itself.');
    }
  }
}
