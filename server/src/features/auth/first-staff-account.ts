import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context.js';
import { StaffPasswords } from './accounts.js';
import { AuthRepository } from './repository.js';

/**
 * ADMIN_USERNAME and ADMIN_PASSWORD create or update that admin at every start. Without them,
 * a site with no admin at all gets `admin` with a random password, printed this once.
 */
export async function ensureFirstStaffAccount(ctx: AppContext): Promise<void> {
  const accounts = new StaffPasswords(new AuthRepository(ctx.db));
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = ctx.config;
  if (ADMIN_USERNAME && ADMIN_PASSWORD) {
    const outcome = await accounts.setPassword(ADMIN_USERNAME, ADMIN_PASSWORD);
    ctx.log.info({ username: ADMIN_USERNAME }, `admin ${outcome} from ADMIN_USERNAME and ADMIN_PASSWORD`);
    return;
  }
  if (await accounts.exists()) return;
  const password = randomBytes(12).toString('base64url');
  await accounts.setPassword('admin', password);
  process.stdout.write(
    `\n  A staff account was created for you.\n    username: admin\n    password: ${password}\n` +
      '  Write it down now: it is shown only this once. Change it with `npm run admin -- reset-password admin`.\n\n',
  );
}
