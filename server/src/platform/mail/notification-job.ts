import type { Logger } from 'pino';
import type { Processor } from '../jobs/workers.js';
import type { Letters } from './letter.js';
import { failureReason, isPermanentRejection, type Mailer } from './mailer.js';

/**
 * The mail something done on the site causes: a receipt or confirmation, a form to the office, a reminder.
 * Each feature writes its own letters; this sends them, and keeps a refusal for good from being retried.
 */
export function sendNotificationEmail(
  letters: Letters,
  mailer: Mailer,
  log: Logger,
): Processor<'send-notification-email'> {
  return async ({ kind, recordId }) => {
    const message = await letters[kind](recordId);
    if ('skip' in message) return { sent: false, reason: message.skip };
    try {
      return { sent: true, messageId: await mailer.send(message) };
    } catch (error) {
      if (!isPermanentRejection(error)) throw error;
      log.warn({ kind, recordId, reason: failureReason(error) }, 'notification refused by the mail server');
      return { sent: false, reason: failureReason(error) };
    }
  };
}
