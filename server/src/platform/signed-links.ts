import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from './config.js';

/**
 * The site's one signing secret: UNSUBSCRIBE_SECRET, or on a machine without one (development, the embedded
 * default) a secret made once and kept under DATA_DIR, so links in mail already sent keep working after a restart.
 * The API and the worker read the same file; it appears whole (a hard link) and only once. Each use signs its own
 * kind of text, so a token made for one purpose is never valid for another.
 */
export function siteSecret(config: Config): string {
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

/**
 * A key of its own for one use of the site's secret. Held as a KeyObject: Node checks and copies a key given as
 * bytes or text on every HMAC, which made each one several times dearer (seen in the Q&A votes profile).
 */
export function keyFor(secret: string, purpose: string): KeyObject {
  return createSecretKey(createHmac('sha256', secret).update(purpose).digest());
}

/** Signs and checks the tokens of links the site mails out; what is signed names the link's purpose. */
export class LinkSigner {
  private readonly key: KeyObject;

  constructor(secret: string) {
    // The secret's own bytes, as when it was passed as text: links already mailed keep their signatures.
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }

  verify(text: string, token: string): boolean {
    const expected = Buffer.from(this.sign(text));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
