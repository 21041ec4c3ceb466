import type { MailSettings } from '../../platform/mail/settings.js';
import type { LinkSigner } from '../../platform/signed-links.js';

/** The private link in every sign-up's mail: change the party, cancel, or accept an offered place. */
export const MANAGE_PATH = '/api/registrations/manage/';

const TICKET_PREFIX = 'GT1';

/**
 * A sign-up's signed texts, each signed for its own purpose: the manage link (by the sign-up's id) and the
 * ticket in the QR code (by its unguessable ticket id), so neither can stand in for the other.
 */
export class RegistrationLinks {
  constructor(
    private readonly signer: LinkSigner,
    private readonly settings: Pick<MailSettings, 'publicUrl'>,
  ) {}

  manageUrl(registrationId: number): string {
    const query = new URLSearchParams({ r: String(registrationId), token: this.manageToken(registrationId) });
    return `${this.settings.publicUrl}${MANAGE_PATH}?${query.toString()}`;
  }

  verifyManage(registrationId: number, token: string): boolean {
    return this.signer.verify(`registration-manage:${registrationId}`, token);
  }

  /** What the ticket's QR code holds: `GT1.<ticket id>.<signature>`. */
  ticketCode(ticket: string): string {
    return `${TICKET_PREFIX}.${ticket}.${this.signer.sign(`registration-ticket:${ticket}`)}`;
  }

  /** The ticket id of a scanned code, or undefined when it is not a ticket this site signed. */
  ticketOf(code: string): string | undefined {
    const [prefix, ticket, signature] = code.trim().split('.');
    if (prefix !== TICKET_PREFIX || !ticket || !signature) return undefined;
    return this.signer.verify(`registration-ticket:${ticket}`, signature) ? ticket : undefined;
  }

  private manageToken(registrationId: number): string {
    return this.signer.sign(`registration-manage:${registrationId}`);
  }
}
