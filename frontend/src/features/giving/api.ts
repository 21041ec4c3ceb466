import type { GivingNotification, MessageAnswer } from '@gather/contracts';
import { api } from '../../lib/api';

export const notifyGift = (gift: GivingNotification) => api.post<MessageAnswer>('/api/give/', gift);
