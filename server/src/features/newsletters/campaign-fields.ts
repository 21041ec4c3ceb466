import type { EmailSend } from '@gather/contracts';
import type { MailSettings } from '../../platform/mail/settings.js';

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

/** The sender a campaign stores: the church's default one where none is named. */
export function senderFields(
  sender: { from_email?: string | null; from_name?: string },
  { from }: Pick<MailSettings, 'from'>,
) {
  return { fromEmail: sender.from_email ?? from.address, fromName: sender.from_name || from.name };
}

/** What a checked send (sent at once or scheduled) stores. */
export function campaignFields(send: EmailSend, settings: Pick<MailSettings, 'from'>) {
  return {
    subject: send.subject,
    content: send.content,
    ...senderFields(send, settings),
    kind: send.kind,
    recipients: distinctRecipients(send.recipients),
  };
}
