import { FORM_THANKS, type MessageAnswer, type NewsletterSubscription, type UnsubscribeQuery } from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
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

  /** Unsubscribes the address a signed link names; a link whose token does not match is refused. */
  async unsubscribe({ email, token }: UnsubscribeQuery): Promise<string> {
    if (!this.links.verify(email, token)) {
      throw AppError.badRequest('This unsubscribe link is not valid. Please use the link from the e-mail itself.');
    }
    await this.subscribers.unsubscribe(email.toLowerCase());
    return `You have been unsubscribed from the ${this.churchName} newsletter.`;
  }
}
