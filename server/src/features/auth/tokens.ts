import { createHash } from 'node:crypto';

/** Sessions and pending sign-ins keep only the SHA-256 of their token: a copy of the table signs nobody in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
