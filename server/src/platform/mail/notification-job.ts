import type { NotificationRepository } from './notification-repository.js';
import { notificationMessage } from './notifications.js';
import type { Logger } from 'pino';
import { failureReason, isPermanentRejection } from './mailer.js';
import type { Processor } from '../jobs/workers.js';
import type { EmailParts } from '../../features/newsletters/campaign-job.js';

/**
 * The mail a visitor's form causes: a receipt or confirmation to them, or the form to the office.
 * The row is read now, so a record deleted meanwhile sends nothing.
 */
export function sendNotificationEmail(
  notifications: NotificationRepository,
  { mailer, settings, links }: EmailParts,
  log: Logger,
): Processor<'send-notification-email'> {
  return async ({ kind, recordId }) => {
    const record = await notifications.load(kind, recordId);
    if (!record) return { sent: false, reason: 'record deleted' };
    if (record.kind === 'newsletter-welcome' && record.subscriber.unsubscribedAt) {
      return { sent: false, reason: 'unsubscribed' };
    }
    if (record.kind === 'pledge-reminder' && !record.stillDue) return { sent: false, reason: 'no longer due' };
    if (record.kind === 'staff-password-link' && !record.link.usable)
      return { sent: false, reason: 'link no longer usable' };
    const message = notificationMessage(settings, record, links);
    try {
      return { sent: true, messageId: await mailer.send(message) };
    } catch (error) {
      if (!isPermanentRejection(error)) throw error;
      log.warn({ kind, recordId, reason: failureReason(error) }, 'notification refused by the mail server');
      return { sent: false, reason: failureReason(error) };
    }
  };
}
