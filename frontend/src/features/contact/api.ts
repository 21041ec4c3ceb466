import type { ContactForm, MessageAnswer } from '@gather/contracts';
import { api } from '../../lib/api';

export const sendContactMessage = (message: ContactForm) => api.post<MessageAnswer>('/api/contact/', message);
