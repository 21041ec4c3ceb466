import type { DeliveryRepository } from '@gather/backend/features/email/delivery-repository';
import { campaignMessage } from '@gather/backend/mail/campaign';
import type { MailSettings } from '@gather/backend/mail/settings';
import type { UnsubscribeLinks } from '@gather/backend/mail/unsubscribe';
import { failureReason, isPermanentRejection, type Mailer } from '../mailer.js';
import { isLastAttempt, type Processor } from '../worker.js';
import type { CampaignProgress } from './campaign-progress.js';

export interface EmailParts {
  mailer: Mailer;
  settings: MailSettings;
  links: UnsubscribeLinks;
}

/**
 * One campaign message to one recipient. The delivery row, not the job, says whether it still
 * has to go: a cancelled, sent or skipped delivery is left alone, so a job run twice sends once.
 */
export function sendCampaignMessage(
  deliveries: DeliveryRepository,
  { mailer, settings, links }: EmailParts,
  progress: CampaignProgress,
): Processor<'send-campaign-message'> {
  /** After a delivery's outcome is stored: the campaign may be finished now, else its counts moved. */
  const settled = async (campaignId: number) => {
    if (await deliveries.finishCampaign(campaignId)) progress.finished(campaignId);
    else progress.delivered(campaignId);
  };
  return async ({ deliveryId }, job) => {
    const delivery = await deliveries.claim(deliveryId);
    if (!delivery) return { sent: false, reason: 'not waiting to be sent' };
    if (!delivery.mailable) {
      await deliveries.markSkipped(delivery.id);
      await settled(delivery.campaignId);
      return { sent: false, reason: 'may not be mailed' };
    }
    const message = campaignMessage(
      settings,
      {
        subject: delivery.subject,
        content: delivery.content,
        from: { name: delivery.fromName, address: delivery.fromEmail },
      },
      { name: delivery.name, address: delivery.email },
      links.linksFor(delivery.email),
    );
    let messageId: string;
    try {
      messageId = await mailer.send(message);
    } catch (error) {
      if (!isPermanentRejection(error) && !isLastAttempt(job)) {
        await deliveries.release(delivery.id, failureReason(error));
        throw error;
      }
      if (isPermanentRejection(error)) await deliveries.markRejected(delivery.id, failureReason(error));
      else await deliveries.markFailed(delivery.id, failureReason(error));
      await settled(delivery.campaignId);
      return { sent: false, reason: failureReason(error) };
    }
    await deliveries.markSent(delivery.id, messageId);
    await settled(delivery.campaignId);
    return { sent: true, messageId };
  };
}
