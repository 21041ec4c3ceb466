import { escapeHtml, formatContent } from '../../platform/mail/html.js';
import { letter, oneLine } from '../../platform/mail/layout.js';
import type { MailAddress, MailMessage, MailSettings } from '../../platform/mail/settings.js';

export interface CampaignLetter {
  subject: string;
  content: string;
  from: MailAddress;
}

/**
 * One campaign message for one person. A `{name}` in the content becomes their name; content
 * without it opens with "Dear {name}," ("Dear friend," when no name is known).
 */
export function campaignMessage(
  settings: Pick<MailSettings, 'churchName'>,
  campaign: CampaignLetter,
  recipient: MailAddress,
  unsubscribe?: MailMessage['unsubscribe'],
): MailMessage {
  const name = oneLine(recipient.name) || 'friend';
  const formatted = formatContent(campaign.content);
  const personal = campaign.content.includes('{name}')
    ? { html: formatted.html.replaceAll('{name}', escapeHtml(name)), text: formatted.text.replaceAll('{name}', name) }
    : { html: `<p>Dear ${escapeHtml(name)},</p>\n${formatted.html}`, text: `Dear ${name},\n\n${formatted.text}` };
  const subject = oneLine(campaign.subject);
  const body = letter(settings, subject, personal, unsubscribe?.url);
  return {
    to: { name: oneLine(recipient.name), address: recipient.address },
    from: campaign.from,
    subject,
    html: body.html,
    text: body.text,
    unsubscribe,
  };
}
