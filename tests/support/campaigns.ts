import { emailCampaigns } from '@gather/server/platform/database/schema/newsletters';
import type { TestApp } from './app.js';

export interface DraftFields {
  subject?: string;
  content?: string;
  recipients?: Array<{ email: string; name: string }>;
  fromEmail?: string;
  fromName?: string;
  kind?: 'newsletter' | 'service';
}

/**
 * A draft campaign as the console's editor saves it, written straight into the app's database so
 * tests of scheduling do not depend on the draft calls. Answers its id.
 */
export async function insertDraft(app: TestApp, fields: DraftFields = {}): Promise<number> {
  const recipients = fields.recipients ?? [];
  const [row] = await app.ctx.db
    .insert(emailCampaigns)
    .values({
      status: 'draft',
      subject: fields.subject ?? 'Harvest supper',
      content: fields.content ?? 'Join us on Saturday.',
      fromEmail: fields.fromEmail ?? '',
      fromName: fields.fromName ?? '',
      kind: fields.kind ?? 'newsletter',
      total: recipients.length,
      draftRecipients: recipients,
      createdBy: 'test',
    })
    .returning({ id: emailCampaigns.id });
  return row!.id;
}
