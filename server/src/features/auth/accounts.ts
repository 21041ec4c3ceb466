import { hashPassword } from './passwords.js';
import type { AuthRepository } from './repository.js';

/** Staff accounts as the start-up and the `npm run admin` command manage them. */
export class StaffPasswords {
  constructor(private readonly repository: AuthRepository) {}

  /**
   * Creates the admin, or gives an existing one a new password (which signs them out everywhere). A
   * one-time password, printed for someone to pass on, must be replaced at its first sign-in.
   */
  async setPassword(
    username: string,
    password: string,
    options: { oneTime?: boolean } = {},
  ): Promise<'created' | 'updated'> {
    const passwordHash = await hashPassword(password);
    const oneTime = options.oneTime ?? false;
    const existing = await this.repository.findUser(username);
    if (!existing && (await this.repository.createUser(username, passwordHash, oneTime))) return 'created';
    // Found, or made by another process a moment ago.
    const user = existing ?? (await this.repository.findUser(username));
    if (!user) throw new Error(`The staff account ${username} could be neither made nor found.`);
    await this.repository.setPassword(user.id, passwordHash, oneTime);
    return 'updated';
  }

  /** The first account only, and only while there is none: true when this call made it. */
  async createFirst(username: string, password: string): Promise<boolean> {
    if (await this.exists()) return false;
    return this.repository.createUser(username, await hashPassword(password), true);
  }

  async exists(username?: string): Promise<boolean> {
    if (username) return Boolean(await this.repository.findUser(username));
    return (await this.repository.countUsers()) > 0;
  }
}
