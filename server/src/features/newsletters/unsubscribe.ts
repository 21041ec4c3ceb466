import type { LinkSigner } from '../../platform/signed-links.js';
import type { MailSettings } from '../../platform/mail/settings.js';

export const UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe/';

/** Signed unsubscribe links: the token is an HMAC of the address, so nobody can unsubscribe someone else. */
export class UnsubscribeLinks {
  constructor(
    private readonly signer: LinkSigner,
    private readonly settings: Pick<MailSettings, 'publicUrl' | 'notifyAddress'>,
  ) {}

  token(email: string): string {
    return this.signer.sign(email.trim().toLowerCase());
  }

  verify(email: string, token: string): boolean {
    return this.signer.verify(email.trim().toLowerCase(), token);
  }

  /** The page link (also the RFC 8058 one-click POST target) and a mailto the office reads. */
  linksFor(email: string): { url: string; mailto: string } {
    const query = new URLSearchParams({ email: email.toLowerCase(), token: this.token(email) });
    const subject = encodeURIComponent(`Unsubscribe ${email.toLowerCase()}`);
    return {
      url: `${this.settings.publicUrl}${UNSUBSCRIBE_PATH}?${query.toString()}`,
      mailto: `mailto:${this.settings.notifyAddress}?subject=${subject}`,
    };
  }
}
