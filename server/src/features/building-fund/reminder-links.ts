import type { LinkSigner } from '../../platform/signed-links.js';
import type { MailSettings } from '../../platform/mail/settings.js';

/** The link in a pledge reminder that switches that pledge's reminders off. */
export const REMINDERS_OFF_PATH = '/api/building-fund/reminders/off/';

/** A pledge's own token: signed apart from addresses, so a newsletter token never stops reminders. */
export class ReminderLinks {
  constructor(
    private readonly signer: LinkSigner,
    private readonly settings: Pick<MailSettings, 'publicUrl'>,
  ) {}

  verify(pledgeId: number, token: string): boolean {
    return this.signer.verify(`pledge-reminders:${pledgeId}`, token);
  }

  remindersOffUrl(pledgeId: number): string {
    const query = new URLSearchParams({
      pledge: String(pledgeId),
      token: this.signer.sign(`pledge-reminders:${pledgeId}`),
    });
    return `${this.settings.publicUrl}${REMINDERS_OFF_PATH}?${query.toString()}`;
  }
}
