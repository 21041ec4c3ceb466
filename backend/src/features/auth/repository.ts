import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { adminSessions, adminUsers } from '../../db/schema.js';

/** Where every ended session's token hash is announced when its deletion commits, to every API process. */
export const SESSION_ENDED_CHANNEL = 'gather_session_ended';

export interface StaffSessionRow {
  tokenHash: string;
  userId: number;
  username: string;
  persistent: boolean;
  expiresAt: Date;
}

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async findUser(username: string) {
    const [user] = await this.db
      .select()
      .from(adminUsers)
      .where(sql`lower(${adminUsers.username}) = lower(${username})`);
    return user;
  }

  async countUsers(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(adminUsers);
    return row?.count ?? 0;
  }

  async createUser(username: string, passwordHash: string): Promise<void> {
    await this.db.insert(adminUsers).values({ username, passwordHash });
  }

  /** A new password ends every session of that admin in the same transaction. */
  async setPassword(userId: number, passwordHash: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(adminUsers).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(adminUsers.id, userId));
      await endSessions(tx, eq(adminSessions.userId, userId));
    });
  }

  async createSession(session: {
    tokenHash: string;
    userId: number;
    persistent: boolean;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(adminSessions).values(session);
  }

  async findLiveSession(tokenHash: string): Promise<StaffSessionRow | undefined> {
    const [row] = await this.db
      .select({
        tokenHash: adminSessions.tokenHash,
        userId: adminSessions.userId,
        username: adminUsers.username,
        persistent: adminSessions.persistent,
        expiresAt: adminSessions.expiresAt,
      })
      .from(adminSessions)
      .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
      .where(and(eq(adminSessions.tokenHash, tokenHash), gt(adminSessions.expiresAt, new Date())));
    return row;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await endSessions(this.db, eq(adminSessions.tokenHash, tokenHash));
  }

  async deleteExpiredSessions(): Promise<void> {
    await this.db.delete(adminSessions).where(lt(adminSessions.expiresAt, new Date()));
  }
}

/** Deletes sessions and, in the same statement, announces each one so its open sockets close. */
async function endSessions(db: Pick<Database, 'execute'>, which: SQL): Promise<void> {
  await db.execute(sql`
    with ended as (delete from ${adminSessions} where ${which} returning ${adminSessions.tokenHash})
    select pg_notify(${SESSION_ENDED_CHANNEL}, token_hash) from ended`);
}
