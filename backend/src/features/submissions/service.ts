import {
  FORM_THANKS,
  type ConnectForm,
  type ContactForm,
  type GivingNotification,
  type MessageAnswer,
} from '@gather/contracts';
import type { SubmissionRepository } from './repository.js';

/** Visitors' giving notices, connect cards and messages, kept for the staff inboxes. */
export class SubmissionService {
  constructor(private readonly submissions: SubmissionRepository) {}

  async notifyGift(gift: GivingNotification): Promise<MessageAnswer> {
    await this.submissions.addGiving(gift);
    return { message: FORM_THANKS.giving };
  }

  async connect(form: ConnectForm): Promise<MessageAnswer> {
    await this.submissions.addConnect(form);
    return { message: FORM_THANKS.connect };
  }

  async contact(form: ContactForm): Promise<MessageAnswer> {
    await this.submissions.addContact(form);
    return { message: FORM_THANKS.contact };
  }
}
