import { sql } from 'drizzle-orm';
import { emailConsents } from '../../platform/database/schema/newsletters.js';
import type { Writer } from '../../platform/jobs/outbox.js';

/** Where consent to the newsletter was given: the form that carried the box. */
export type ConsentSource = 'newsletter' | 'contact' | 'connect' | 'giving' | 'building_fund';

/**
 * Records consent given on a form, in the form's own transaction. An address whose consent is still
 * open keeps its first record (when it first agreed); after a withdrawal a new record starts.
 */
export async function giveConsent(tx: Writer, email: string, source: ConsentSource): Promise<void> {
  await tx.execute(sql`
    insert into ${emailConsents} (email, source)
    select ${email.toLowerCase()}, ${source}
    where not exists (select 1 from ${emailConsents} consent
                      where lower(consent.email) = ${email.toLowerCase()} and consent.withdrawn_at is null)`);
}

/** Unsubscribing withdraws every open consent of the address; the records stay, with the date. */
export async function withdrawConsent(tx: Writer, email: string): Promise<void> {
  await tx.execute(sql`
    update ${emailConsents} set withdrawn_at = now()
    where lower(email) = ${email.toLowerCase()} and withdrawn_at is null`);
}
