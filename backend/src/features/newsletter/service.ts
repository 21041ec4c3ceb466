import { FORM_THANKS, type MessageAnswer, type NewsletterSubscription } from '@gather/contracts';
import type { NewsletterRepository } from './repository.js';

export class NewsletterService {
  constructor(private readonly subscribers: NewsletterRepository) {}

  async subscribe({ email }: NewsletterSubscription): Promise<MessageAnswer> {
    await this.subscribers.subscribe(email);
    return { message: FORM_THANKS.newsletter };
  }
}
