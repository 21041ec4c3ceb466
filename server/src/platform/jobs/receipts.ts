import type { NotificationKind } from '@gather/contracts';
import { sql } from 'drizzle-orm';
import { receiptsSent } from '../database/schema/outbox.js';
import { enqueueJob, type Writer } from './outbox.js';

/** Mail sent to the address a visitor typed, as opposed to the office's own notices. */
export type ReceiptKind = Extract<NotificationKind, 'giving-receipt' | 'pledge-confirmation'>;

/**
 * Queues a receipt unless this address had one of this kind within the hour; the submission itself is
 * kept either way. The claim is one upsert in the caller's transaction: a second submission for the
 * same address waits on the first's row lock and then sees its time, so parallel sends cannot both pass.
 */
export async function enqueueReceipt(tx: Writer, kind: ReceiptKind, recordId: number, email: string): Promise<boolean> {
  const claimed = await tx.execute(sql`
    insert into ${receiptsSent} (kind, email, sent_at) values (${kind}, ${email.toLowerCase()}, now())
    on conflict (kind, email) do update set sent_at = excluded.sent_at
      where ${receiptsSent.sentAt} <= now() - interval '1 hour'
    returning 1`);
  if (claimed.rows.length === 0) return false;
  await enqueueJob(tx, 'send-notification-email', { kind, recordId });
  return true;
}
