import type { LinkSigner } from '../../platform/signed-links.js';
import type { MailSettings } from '../../platform/mail/settings.js';

export const CONFIRM_PATH = '/api/newsletter/confirm/';

/**
 * The link in the mail that asks an address's owner to confirm their consent: signed for that consent alone,
 * and naming no address, so it tells nobody who signed up and confirms nothing else.
 */
export class ConfirmLinks {
  constructor(
    private readonly signer: LinkSigner,
    private readonly settings: Pick<MailSettings, 'publicUrl'>,
  ) {}

  verify(consentId: number, token: string): boolean {
    return this.signer.verify(`newsletter-consent:${consentId}`, token);
  }

  url(consentId: number): string {
    const query = new URLSearchParams({
      consent: String(consentId),
      token: this.signer.sign(`newsletter-consent:${consentId}`),
    });
    return `${this.settings.publicUrl}${CONFIRM_PATH}?${query.toString()}`;
  }
}
