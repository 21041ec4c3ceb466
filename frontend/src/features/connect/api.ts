import type { ConnectForm, MessageAnswer } from '@gather/contracts';
import { api } from '../../lib/api';

export const sendConnectCard = (card: ConnectForm) => api.post<MessageAnswer>('/api/connect/', card);
