import type { LinkSigner } from '../../platform/signed-links.js';
import type { MailSettings } from '../../platform/mail/settings.js';

/** The console's page where an e-mailed link sets a staff password. */
export const STAFF_SET_PASSWORD_PATH = '/admin/set-password';

/** A set-password link's token: the row's id and nonce, signed, so only this server could have written it. */
export class PasswordLinks {
  constructor(
    private readonly signer: LinkSigner,
    private readonly settings: Pick<MailSettings, 'publicUrl'>,
  ) {}

  token(linkId: number, nonce: string): string {
    return `${linkId}.${this.signer.sign(`staff-password:${linkId}:${nonce}`)}`;
  }

  url(linkId: number, nonce: string): string {
    const query = new URLSearchParams({ token: this.token(linkId, nonce) });
    return `${this.settings.publicUrl}${STAFF_SET_PASSWORD_PATH}?${query.toString()}`;
  }
}
