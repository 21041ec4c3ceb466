import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { emailConsents } from '../../platform/database/schema/newsletters.js';
import { enqueueJob, type Writer } from '../../platform/jobs/outbox.js';

/** Where consent to the newsletter was given: the form that carried the box. */
export type ConsentSource = 'newsletter' | 'contact' | 'connect' | 'giving' | 'building_fund' | 'registration';

/**
 * Records consent given on a form, in the form's own transaction, as pending: anyone can type any address, so
 * only its owner's Confirm (double opt-in) lets newsletters go to it. An address whose consent is still open
 * keeps its first record (when it first agreed) and gets no second mail; after a withdrawal a new record
 * starts, with its own confirmation mail.
 */
export async function giveConsent(tx: Writer, email: string, source: ConsentSource): Promise<void> {
  const added = await tx.execute<{ id: number }>(sql`
    insert into ${emailConsents} (email, source)
    select ${email.toLowerCase()}, ${source}
    where not exists (select 1 from ${emailConsents} consent
                      where lower(consent.email) = ${email.toLowerCase()} and consent.withdrawn_at is null)
    returning id`);
  const consent = added.rows[0];
  if (consent)
    await enqueueJob(tx, 'send-notification-email', { kind: 'newsletter-confirmation', recordId: consent.id });
}

/** A consent still waiting for its owner's Confirm; none once confirmed, withdrawn or erased. */
export async function pendingConsent(db: Database, id: number): Promise<{ email: string } | undefined> {
  const found = await db.execute<{ email: string }>(sql`
    select email from ${emailConsents} where id = ${id} and confirmed_at is null and withdrawn_at is null`);
  return found.rows[0];
}

/** Unsubscribing withdraws every open consent of the address; the records stay, with the date. */
export async function withdrawConsent(tx: Writer, email: string): Promise<void> {
  await tx.execute(sql`
    update ${emailConsents} set withdrawn_at = now()
    where lower(email) = ${email.toLowerCase()} and withdrawn_at is null`);
}
