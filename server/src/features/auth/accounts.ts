import { hashPassword } from './passwords.js';
import type { AuthRepository } from './repository.js';

/** Staff accounts as the start-up and the `npm run admin` command manage them. */
export class StaffPasswords {
  constructor(private readonly repository: AuthRepository) {}

  /** Creates the admin, or gives an existing one a new password (which signs them out everywhere). */
  async setPassword(username: string, password: string): Promise<'created' | 'updated'> {
    const passwordHash = await hashPassword(password);
    const existing = await this.repository.findUser(username);
    if (existing) {
      await this.repository.setPassword(existing.id, passwordHash);
      return 'updated';
    }
    await this.repository.createUser(username, passwordHash);
    return 'created';
  }

  async exists(username?: string): Promise<boolean> {
    if (username) return Boolean(await this.repository.findUser(username));
    return (await this.repository.countUsers()) > 0;
  }
}
