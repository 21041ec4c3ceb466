import type { EmailSend } from '@gather/contracts';
import type { MailSettings } from '../../mail/settings.js';

/**
 * One recipient per address, lower-cased (letter case aside, the first spelling and the first name
 * given win): what a campaign's deliveries are made from, whether it is sent at once or scheduled.
 */
export function distinctRecipients(
  recipients: ReadonlyArray<{ email: string; name: string }>,
): Array<{ email: string; name: string }> {
  const distinct = new Map<string, { email: string; name: string }>();
  for (const { email, name } of recipients) {
    const address = email.toLowerCase();
    const known = distinct.get(address);
    if (!known) distinct.set(address, { email: address, name });
    else if (!known.name) known.name = name;
  }
  return [...distinct.values()];
}

/** What a checked send (sent at once or scheduled) stores: an empty sender is the church's default one. */
export function campaignFields(send: EmailSend, { from }: Pick<MailSettings, 'from'>) {
  return {
    subject: send.subject,
    content: send.content,
    fromEmail: send.from_email ?? from.address,
    fromName: send.from_name || from.name,
    kind: send.kind,
    recipients: distinctRecipients(send.recipients),
  };
}
