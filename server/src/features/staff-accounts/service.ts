import {
  CANNOT_DEACTIVATE_YOURSELF,
  LAST_ACTIVE_ACCOUNT,
  LAST_ADMINISTRATOR,
  PASSWORD_LINK_INVALID,
  STAFF_PASSWORD_LINK_HOURS,
  type ChangeMyPasswordRequest,
  type PasswordDelivery,
  type StaffAccount,
  type StaffPasswordIssued,
  type StaffRole,
  type StaffSignIn,
  type StaffUser,
} from '@gather/contracts';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../platform/errors.js';
import type { PasswordLinks } from './password-links.js';
import { checkNewPassword, hashPassword, hashToken, verifyPassword } from '../auth/index.js';
import type { PasswordChange, StaffAccountRow, StaffAccountsRepository } from './repository.js';

/** 20 characters from 120 random bits: strong, and still easy to read out over the phone. */
const oneTimePassword = () => randomBytes(15).toString('base64url');

export class StaffAccountsService {
  constructor(
    private readonly repository: StaffAccountsRepository,
    private readonly links: Pick<PasswordLinks, 'token'>,
    private readonly churchName: () => string,
  ) {}

  async list(me: StaffUser): Promise<StaffAccount[]> {
    return (await this.repository.list()).map((row) => toAccount(row, me));
  }

  async add(
    me: StaffUser,
    input: { username: string; email?: string; delivery: PasswordDelivery; roles: StaffRole[] },
  ): Promise<StaffPasswordIssued> {
    const password = oneTimePassword();
    // A link's account starts with a password nobody is told, so it cannot be signed in to before the link is used.
    const passwordHash = await hashPassword(password);
    const link = input.delivery === 'email-link' ? newLink() : undefined;
    const row = await this.repository.create(
      { username: input.username, email: input.email, passwordHash, roles: input.roles, mustChangePassword: !link },
      link,
    );
    if (!row) throw AppError.invalid({ username: ['This username is already taken'] });
    return issued(row, me, link ? undefined : password);
  }

  async resetPassword(me: StaffUser, id: number, delivery: PasswordDelivery): Promise<StaffPasswordIssued> {
    const row = await this.found(id);
    if (delivery === 'email-link' && !row.email) {
      throw AppError.invalid({ delivery: ['This account has no email address: give a one-time password instead'] });
    }
    const password = oneTimePassword();
    // Either way the old password stops working now; with a link, the account waits on a password nobody knows.
    const passwordHash = await hashPassword(password);
    const change: PasswordChange = delivery === 'email-link' ? { passwordHash, link: newLink() } : { passwordHash };
    await this.repository.resetPassword(row.id, change);
    return issued(row, me, delivery === 'one-time-password' ? password : undefined);
  }

  async deactivate(me: StaffUser, id: number): Promise<StaffAccount> {
    const row = await this.found(id);
    if (isMe(row, me)) throw new AppError(409, { detail: CANNOT_DEACTIVATE_YOURSELF });
    const outcome = await this.repository.deactivate(row.id);
    if (outcome === 'last-active') throw new AppError(409, { detail: LAST_ACTIVE_ACCOUNT });
    if (outcome === 'last-administrator') throw new AppError(409, { detail: LAST_ADMINISTRATOR });
    return toAccount((await this.repository.find(id))!, me);
  }

  /** An account as the activity log keeps it before an edit: whose, and what it could do. */
  async account(id: number): Promise<{ id: number; username: string; roles: StaffRole[] } | undefined> {
    const row = await this.repository.find(id);
    return row && { id: row.id, username: row.username, roles: row.roles };
  }

  async editRoles(me: StaffUser, id: number, roles: StaffRole[]): Promise<StaffAccount> {
    const row = await this.found(id);
    if ((await this.repository.setRoles(row.id, roles)) === 'last-administrator') {
      throw AppError.invalid({ roles: [LAST_ADMINISTRATOR] });
    }
    return toAccount((await this.repository.find(id))!, me);
  }

  async reactivate(me: StaffUser, id: number): Promise<StaffAccount> {
    await this.repository.reactivate((await this.found(id)).id);
    return toAccount((await this.repository.find(id))!, me);
  }

  async signIns(id: number): Promise<StaffSignIn[]> {
    const rows = await this.repository.signIns((await this.found(id)).id);
    return rows.map((row) => ({
      signed_in_at: row.signedInAt.toISOString(),
      address: row.address,
      user_agent: row.userAgent,
    }));
  }

  async changeMyPassword(me: StaffUser, sessionToken: string, input: ChangeMyPasswordRequest): Promise<void> {
    const account = await this.repository.findByUsername(me.username);
    if (!account || !(await verifyPassword(account.passwordHash, input.current_password))) {
      throw AppError.invalid({ current_password: ['Current password is not correct'] });
    }
    if (input.new_password === input.current_password) {
      throw AppError.invalid({ new_password: ['Choose a new password, not the current one'] });
    }
    checkNewPassword('new_password', input.new_password, { username: account.username, churchName: this.churchName() });
    await this.repository.changeOwnPassword(
      account.id,
      await hashPassword(input.new_password),
      hashToken(sessionToken),
    );
  }

  /** Sets a password from an e-mailed link, once; every other answer is the same 400, telling a guesser nothing. */
  async setPasswordWithLink(token: string, password: string): Promise<void> {
    const [id, signature] = token.split('.');
    const link = /^\d{1,9}$/.test(id ?? '') ? await this.repository.findLink(Number(id)) : undefined;
    const expected = link && Buffer.from(this.links.token(link.id, link.nonce));
    const given = Buffer.from(`${id}.${signature}`);
    const genuine = expected !== undefined && expected.length === given.length && timingSafeEqual(expected, given);
    if (!genuine || !link) throw AppError.invalid({ token: [PASSWORD_LINK_INVALID] });
    checkNewPassword('password', password, { username: link.username, churchName: this.churchName() });
    if (!(await this.repository.useLink(link.id, await hashPassword(password)))) {
      throw AppError.invalid({ token: [PASSWORD_LINK_INVALID] });
    }
  }

  private async found(id: number): Promise<StaffAccountRow> {
    const row = await this.repository.find(id);
    if (!row) throw AppError.notFound();
    return row;
  }
}

function newLink() {
  return {
    nonce: randomBytes(32).toString('base64url'),
    expiresAt: new Date(Date.now() + STAFF_PASSWORD_LINK_HOURS * 3_600_000),
  };
}

const isMe = (row: StaffAccountRow, me: StaffUser) => row.username.toLowerCase() === me.username.toLowerCase();

function toAccount(row: StaffAccountRow, me: StaffUser): StaffAccount {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    last_signed_in_at: row.lastSignedInAt?.toISOString() ?? null,
    active: !row.deactivatedAt,
    roles: row.roles,
    is_you: isMe(row, me),
  };
}

function issued(row: StaffAccountRow, me: StaffUser, oneTimePassword: string | undefined): StaffPasswordIssued {
  return oneTimePassword
    ? { account: toAccount(row, me), one_time_password: oneTimePassword }
    : { account: toAccount(row, me), emailed_to: row.email ?? undefined };
}
