import type { PaymentMethod, PaymentStatus, PaymentType } from '@gather/contracts';
import type { BadgeTone } from '../../../components/States';

export const STATUS_LABELS: Record<PaymentStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'orange' },
  confirmed: { label: 'Confirmed', tone: 'indigo' },
  completed: { label: 'Completed', tone: 'green' },
};

export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = { full: 'Full', partial: 'Partial' };

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  online: 'Online',
  bank_transfer: 'Bank transfer',
  in_person: 'In person',
};
