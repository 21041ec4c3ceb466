import {
  FORM_THANKS,
  type ConfirmConsentQuery,
  type MessageAnswer,
  type NewsletterSubscription,
  type UnsubscribeQuery,
} from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import type { LinkAnswer } from '../../platform/http/link-page.js';
import type { SpamGuard } from '../../platform/http/spam-guard.js';
import type { UnsubscribeLinks } from './unsubscribe.js';
import type { ConfirmLinks } from './confirm-links.js';
import type { NewsletterRepository } from './signup-repository.js';

export class NewsletterService {
  constructor(
    private readonly subscribers: NewsletterRepository,
    private readonly links: UnsubscribeLinks,
    private readonly confirmLinks: ConfirmLinks,
    private readonly churchName: string,
    private readonly spam: SpamGuard,
  ) {}

  async subscribe(subscription: NewsletterSubscription): Promise<MessageAnswer> {
    if (!this.spam.isAutomated('newsletter', subscription)) await this.subscribers.subscribe(subscription.email);
    return { message: FORM_THANKS.newsletter };
  }

  /** The page a confirmation link opens: it asks, and changes nothing (mail scanners open links too). */
  askConfirm(query: ConfirmConsentQuery): Promise<LinkAnswer> {
    this.checkConfirmLink(query);
    return Promise.resolve({
      title: 'Confirm your subscription',
      message: `Press Confirm to start receiving the ${this.churchName} newsletter.`,
      button: 'Confirm',
    });
  }

  /** The owner of the address confirms their consent (double opt-in): from now the newsletter may go to it. */
  async confirm(query: ConfirmConsentQuery): Promise<LinkAnswer> {
    this.checkConfirmLink(query);
    if ((await this.subscribers.confirm(query.consent)) === 'gone') {
      throw AppError.badRequest(
        'This link is no longer valid: the address has left the list since. You can sign up again on our website.',
      );
    }
    return {
      title: 'Subscription confirmed',
      message: `Thank you: the ${this.churchName} newsletter will come to you by e-mail. Every issue has a link to unsubscribe.`,
    };
  }

  private checkConfirmLink({ consent, token }: ConfirmConsentQuery): void {
    if (!this.confirmLinks.verify(consent, token)) {
      throw AppError.badRequest('This confirmation link is not valid. Please use the link from the e-mail itself.');
    }
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
