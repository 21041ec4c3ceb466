import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../../platform/config.js';
import type { MailSettings } from '../../platform/mail/settings.js';

export const UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe/';
/** The link in a pledge reminder that switches that pledge's reminders off. */
export const REMINDERS_OFF_PATH = '/api/building-fund/reminders/off/';
/** The console's page where an e-mailed link sets a staff password. */
export const STAFF_SET_PASSWORD_PATH = '/admin/set-password';

/**
 * UNSUBSCRIBE_SECRET, or on a machine without one (development, the embedded default) a secret
 * made once and kept under DATA_DIR, so links in mail already sent keep working after a restart.
 * The API and the worker read the same file; it appears whole (a hard link) and only once.
 */
export function unsubscribeSecret(config: Config): string {
  if (config.UNSUBSCRIBE_SECRET) return config.UNSUBSCRIBE_SECRET;
  if (config.NODE_ENV === 'production') {
    throw new ConfigError(
      'Gather cannot start: set UNSUBSCRIBE_SECRET (at least 32 random characters) so unsubscribe links stay valid.',
    );
  }
  const file = path.join(config.DATA_DIR, 'secrets', 'unsubscribe.key');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** Signed unsubscribe links: the token is an HMAC of the address, so nobody can unsubscribe someone else. */
export class UnsubscribeLinks {
  constructor(
    private readonly secret: string,
    private readonly settings: Pick<MailSettings, 'publicUrl' | 'notifyAddress'>,
  ) {}

  token(email: string): string {
    return createHmac('sha256', this.secret).update(email.trim().toLowerCase()).digest('base64url');
  }

  verify(email: string, token: string): boolean {
    const expected = Buffer.from(this.token(email));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** A pledge's own token: signed apart from addresses, so a newsletter token never stops reminders. */
  pledgeToken(pledgeId: number): string {
    return createHmac('sha256', this.secret).update(`pledge-reminders:${pledgeId}`).digest('base64url');
  }

  verifyPledge(pledgeId: number, token: string): boolean {
    const expected = Buffer.from(this.pledgeToken(pledgeId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  remindersOffUrl(pledgeId: number): string {
    const query = new URLSearchParams({ pledge: String(pledgeId), token: this.pledgeToken(pledgeId) });
    return `${this.settings.publicUrl}${REMINDERS_OFF_PATH}?${query.toString()}`;
  }

  /** A set-password link's token: the row's id and nonce, signed, so only this server could have written it. */
  staffPasswordToken(linkId: number, nonce: string): string {
    const signature = createHmac('sha256', this.secret).update(`staff-password:${linkId}:${nonce}`).digest('base64url');
    return `${linkId}.${signature}`;
  }

  staffPasswordUrl(linkId: number, nonce: string): string {
    const query = new URLSearchParams({ token: this.staffPasswordToken(linkId, nonce) });
    return `${this.settings.publicUrl}${STAFF_SET_PASSWORD_PATH}?${query.toString()}`;
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
