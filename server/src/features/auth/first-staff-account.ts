import { randomBytes } from 'node:crypto';
import { churchName } from '../../platform/church.js';
import { ConfigError } from '../../platform/config.js';
import type { AppContext } from '../../platform/context.js';
import { StaffPasswords } from './accounts.js';
import { passwordProblem } from './password-rules.js';
import { AuthRepository } from './repository.js';

/**
 * ADMIN_USERNAME and ADMIN_PASSWORD create or update that admin at every start. Without them,
 * a site with no admin at all gets `admin` with a random password, printed this once, to be changed
 * at the first sign-in.
 */
export async function ensureFirstStaffAccount(ctx: AppContext): Promise<void> {
  const accounts = new StaffPasswords(new AuthRepository(ctx.db));
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = ctx.config;
  if (ADMIN_USERNAME && ADMIN_PASSWORD) {
    const problem = passwordProblem(ADMIN_PASSWORD, { username: ADMIN_USERNAME, churchName: churchName(ctx.church) });
    if (problem) throw new ConfigError(`Gather cannot start: ADMIN_PASSWORD is refused. ${problem}.`);
    const outcome = await accounts.setPassword(ADMIN_USERNAME, ADMIN_PASSWORD);
    ctx.log.info({ username: ADMIN_USERNAME }, `admin ${outcome} from ADMIN_USERNAME and ADMIN_PASSWORD`);
    return;
  }
  const password = randomBytes(12).toString('base64url');
  // Several API processes may start together on a new database: only the one that made the account prints it.
  if (!(await accounts.createFirst('admin', password))) return;
  process.stdout.write(
    `\n  A staff account was created for you.\n    username: admin\n    password: ${password}\n` +
      '  Write it down now: it is shown only this once, and you choose your own at the first sign-in.\n\n',
  );
}
