import type { MessageAnswer, NewsletterSubscription } from '@gather/contracts';
import { api } from '../../lib/api';

export const subscribeToNewsletter = (subscription: NewsletterSubscription) =>
  api.post<MessageAnswer>('/api/newsletter/subscribe/', subscription);
