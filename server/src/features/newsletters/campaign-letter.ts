import { campaignMessage } from './campaign-message.js';
import type { MailAddress, MailMessage, MailSettings } from '../../platform/mail/settings.js';
import type { UnsubscribeLinks } from './unsubscribe.js';
import type { CampaignRepository, CampaignRow } from './campaign-repository.js';

/** Whom a preview or a test is written for when the campaign has nobody yet. */
export const SAMPLE_RECIPIENT: MailAddress = { name: 'Friend', address: 'friend@example.org' };

/** The campaign's first recipient (as the editor lists them), whose message a preview and a test show. */
export async function firstRecipient(campaigns: CampaignRepository, row: CampaignRow): Promise<MailAddress> {
  const first = row.draftRecipients ? row.draftRecipients[0] : await campaigns.firstRecipient(row.id);
  return first ? { name: first.name, address: first.email } : SAMPLE_RECIPIENT;
}

/** What a letter is written from: a campaign's row, or a delivery the worker claimed with it. */
type Letter = Pick<CampaignRow, 'subject' | 'content' | 'fromName' | 'fromEmail'>;

/**
 * The message `recipient` gets from this campaign: the worker sends each delivery's, the preview
 * shows the first recipient's, so what staff see is what is sent. A test
 * goes to `to` instead, with the test address's own unsubscribe link, so a click on it in a test
 * never takes a real recipient off the list.
 */
export function campaignLetter(
  settings: Pick<MailSettings, 'churchName'>,
  links: UnsubscribeLinks,
  row: Letter,
  recipient: MailAddress,
  to: string = recipient.address,
): MailMessage {
  const message = campaignMessage(
    settings,
    { subject: row.subject, content: row.content, from: { name: row.fromName, address: row.fromEmail } },
    recipient,
    links.linksFor(to),
  );
  return { ...message, to: { ...message.to, address: to } };
}
