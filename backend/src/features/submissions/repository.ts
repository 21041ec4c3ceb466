import type { ConnectForm, ContactForm, GivingNotification } from '@gather/contracts';
import type { Database } from '../../db/client.js';
import { connectSubmissions, contactSubmissions, givingSubmissions } from '../../db/schema.js';

export class SubmissionRepository {
  constructor(private readonly db: Database) {}

  async addGiving(gift: GivingNotification): Promise<void> {
    await this.db.insert(givingSubmissions).values({
      name: gift.name,
      email: gift.email,
      phone: gift.phone,
      givingType: gift.giving_type,
      message: gift.message,
    });
  }

  async addConnect(form: ConnectForm): Promise<void> {
    await this.db.insert(connectSubmissions).values({
      firstName: form.first_name,
      lastName: form.last_name,
      email: form.email,
      phone: form.phone,
      interests: form.interests,
      message: form.message,
    });
  }

  async addContact(form: ContactForm): Promise<void> {
    await this.db.insert(contactSubmissions).values({
      name: form.name,
      email: form.email,
      phone: form.phone,
      subject: form.subject,
      message: form.message,
    });
  }
}
