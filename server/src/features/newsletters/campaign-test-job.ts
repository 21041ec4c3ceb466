import { campaignLetter, firstRecipient } from './campaign-letter.js';
import type { CampaignRepository } from './campaign-repository.js';
import type { Processor } from '../../platform/jobs/workers.js';
import type { CampaignMailParts } from './campaign-job.js';

/**
 * A test of a campaign: the message its first recipient gets, to one staff address. It reads the
 * campaign as it stands when the job runs and writes nothing: no delivery, no count, no status.
 */
export function sendCampaignTest(
  campaigns: CampaignRepository,
  { mailer, settings, links }: CampaignMailParts,
): Processor<'send-campaign-test'> {
  return async ({ campaignId, email }) => {
    const row = await campaigns.find(campaignId);
    if (!row) return { sent: false, reason: 'the campaign was deleted' };
    const message = campaignLetter(settings, links, row, await firstRecipient(campaigns, row), email);
    return { sent: true, messageId: await mailer.send(message) };
  };
}
