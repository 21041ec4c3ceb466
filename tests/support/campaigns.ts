import { sql } from 'drizzle-orm';
import { emailCampaigns, emailConsents } from '@gather/server/platform/database/schema/newsletters';
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

/**
 * Signs `email` up on the newsletter form and confirms it as its owner would from the mail (double opt-in),
 * for tests that need an address newsletters may go to. The confirmation itself is tested in
 * tests/integration/newsletters/double-opt-in.test.ts.
 */
export async function subscribeConfirmed(app: TestApp, email: string, headers?: Record<string, string>): Promise<void> {
  const answer = await app.call('POST', '/api/newsletter/subscribe/', { email }, headers);
  if (answer.status !== 201) throw new Error(`subscribe failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  await app.ctx.db
    .update(emailConsents)
    .set({ confirmedAt: sql`now()` })
    .where(sql`lower(${emailConsents.email}) = ${email.toLowerCase()} and ${emailConsents.withdrawnAt} is null`);
}
