import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { ConfigError, loadConfig } from '../platform/config.js';
import { applyMigrations, connectDatabase, type Database } from '../platform/database/client.js';
import { StaffPasswords } from '../features/auth/accounts.js';
import { AuthRepository } from '../features/auth/repository.js';
import { passwordProblem } from '../features/auth/password-rules.js';
import { churchName } from '../platform/church.js';
import { SecondFactorRepository } from '../features/auth/second-factor/repository.js';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../platform/local-services/embedded-postgres.js';

const USAGE = `Usage:
  npm run admin -- create <username>          add a staff account
  npm run admin -- reset-password <username>  give an account a new password (signs it out everywhere)
  npm run admin -- reset-second-factor <username>
                                              remove an account's passkeys, authenticator app and recovery codes

The new password is printed, to be changed at the first sign-in, or taken from ADMIN_PASSWORD when that is set.`;

async function main(): Promise<number> {
  const [command, username] = process.argv.slice(2);
  const commands = ['create', 'reset-password', 'reset-second-factor'];
  if (!commands.includes(command ?? '') || !username || username.trim().length < 3) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  // ADMIN_PASSWORD's length was checked with the other settings.
  const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  const problem =
    config.ADMIN_PASSWORD && passwordProblem(config.ADMIN_PASSWORD, { username, churchName: churchName(config) });
  if (problem) {
    console.error(`ADMIN_PASSWORD is refused: ${problem}.`);
    return 1;
  }

  // Share the database of a running `npm start`, or start the embedded one just for this.
  const log = pino({ level: 'warn' });
  const embedded =
    config.DATABASE_URL || runningEmbeddedPostgresUrl(config.DATA_DIR)
      ? undefined
      : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, log });
  const url = config.DATABASE_URL ?? runningEmbeddedPostgresUrl(config.DATA_DIR) ?? embedded!.url;
  const database = connectDatabase(url);
  try {
    await applyMigrations(database.db);
    if (command === 'reset-second-factor') return await resetSecondFactor(database.db, username.trim());
    const accounts = new StaffPasswords(new AuthRepository(database.db));
    const exists = await accounts.exists(username);
    if (command === 'create' && exists) {
      console.error(`There is already an admin called "${username}". Use reset-password to change the password.`);
      return 1;
    }
    if (command === 'reset-password' && !exists) {
      console.error(`There is no admin called "${username}". Use create to add one.`);
      return 1;
    }
    await accounts.setPassword(username.trim(), password, { oneTime: !config.ADMIN_PASSWORD });
    console.log(`${command === 'create' ? 'Created' : 'Updated'} admin "${username.trim()}".`);
    if (!config.ADMIN_PASSWORD) {
      console.log(
        `Password: ${password}\nWrite it down now: it is not shown again, and it must be changed at the first sign-in.`,
      );
    }
    return 0;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

/** For an account locked out by a lost phone: it signs in with its password and sets up two-step sign-in again. */
async function resetSecondFactor(db: Database, username: string): Promise<number> {
  const user = await new AuthRepository(db).findUser(username);
  if (!user) {
    console.error(`There is no admin called "${username}".`);
    return 1;
  }
  await new SecondFactorRepository(db).removeAll(user.id);
  console.log(
    `Removed the second factor of admin "${user.username}": they sign in with their password and set one up again.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
