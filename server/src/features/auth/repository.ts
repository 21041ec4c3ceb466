import type { StaffRole } from '@gather/contracts';
import { and, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { staffSessions, staffSignIns, staffUsers } from '../../platform/database/schema/staff.js';

/** Sign-ins kept per account: enough to spot a stranger, not a log of someone's working days. */
export const SIGN_INS_KEPT = 50;

/** Where every ended session's token hash is announced when its deletion commits, to every API process. */
export const SESSION_ENDED_CHANNEL = 'gather_session_ended';

export interface StaffSessionRow {
  tokenHash: string;
  userId: number;
  username: string;
  roles: StaffRole[];
  persistent: boolean;
  expiresAt: Date;
  lastSeenAt: Date;
  mustChangePassword: boolean;
  enrolOnly: boolean;
}

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async findUser(username: string) {
    const [user] = await this.db
      .select()
      .from(staffUsers)
      .where(sql`lower(${staffUsers.username}) = lower(${username})`);
    return user;
  }

  async findUserById(id: number) {
    const [user] = await this.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    return user;
  }

  async countUsers(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(staffUsers);
    return row?.count ?? 0;
  }

  /**
   * The command line's accounts administer (the column's default). False when the name is taken: API processes
   * starting together on a new database each try to make the first account, and only one may.
   */
  async createUser(username: string, passwordHash: string, mustChangePassword = false): Promise<boolean> {
    const created = await this.db
      .insert(staffUsers)
      .values({ username, passwordHash, mustChangePassword })
      .onConflictDoNothing()
      .returning({ id: staffUsers.id });
    return created.length > 0;
  }

  /**
   * The command line's new password ends every session of that admin in the same transaction, and makes the
   * account an administrator: that is how a church that locked itself out of staff accounts gets back in.
   */
  async setPassword(userId: number, passwordHash: string, mustChangePassword = false): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(staffUsers)
        .set({
          passwordHash,
          mustChangePassword,
          passwordChangedAt: new Date(),
          roles: sql`array_prepend('administrator', array_remove(${staffUsers.roles}, 'administrator'))`,
        })
        .where(eq(staffUsers.id, userId));
      await endSessions(tx, eq(staffSessions.userId, userId));
    });
  }

  /** The session, the account's last sign-in and its history's newest line are written together. */
  async createSession(
    session: { tokenHash: string; userId: number; persistent: boolean; expiresAt: Date; enrolOnly: boolean },
    signIn: { address: string; userAgent: string },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(staffSessions).values(session);
      const [recorded] = await tx
        .insert(staffSignIns)
        .values({ userId: session.userId, ...signIn })
        .returning({ signedInAt: staffSignIns.signedInAt });
      await tx
        .update(staffUsers)
        .set({ lastSignedInAt: recorded!.signedInAt })
        .where(eq(staffUsers.id, session.userId));
      await tx.execute(sql`
        delete from ${staffSignIns} where ${staffSignIns.userId} = ${session.userId} and ${staffSignIns.id} not in (
          select ${staffSignIns.id} from ${staffSignIns} where ${staffSignIns.userId} = ${session.userId}
          order by ${staffSignIns.signedInAt} desc, ${staffSignIns.id} desc limit ${SIGN_INS_KEPT})`);
    });
  }

  /** A session that has not ended, nor gone unused since `unusedSince`. */
  async findLiveSession(tokenHash: string, unusedSince: Date): Promise<StaffSessionRow | undefined> {
    const [row] = await this.db
      .select({
        tokenHash: staffSessions.tokenHash,
        userId: staffSessions.userId,
        username: staffUsers.username,
        roles: staffUsers.roles,
        persistent: staffSessions.persistent,
        expiresAt: staffSessions.expiresAt,
        lastSeenAt: staffSessions.lastSeenAt,
        mustChangePassword: staffUsers.mustChangePassword,
        enrolOnly: staffSessions.enrolOnly,
      })
      .from(staffSessions)
      .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
      // A deactivated account's sessions are deleted with it; this refuses one a race might have left.
      .where(
        and(
          eq(staffSessions.tokenHash, tokenHash),
          gt(staffSessions.expiresAt, new Date()),
          gt(staffSessions.lastSeenAt, unusedSince),
          isNull(staffUsers.deactivatedAt),
        ),
      );
    return row;
  }

  async markSessionUsed(tokenHash: string): Promise<void> {
    await this.db.update(staffSessions).set({ lastSeenAt: new Date() }).where(eq(staffSessions.tokenHash, tokenHash));
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await endSessions(this.db, eq(staffSessions.tokenHash, tokenHash));
  }

  async deleteExpiredSessions(): Promise<void> {
    await this.db.delete(staffSessions).where(lt(staffSessions.expiresAt, new Date()));
  }
}

/** Deletes sessions and, in the same statement, announces each one so its open sockets close. */
export async function endSessions(db: Pick<Database, 'execute'>, which: SQL): Promise<void> {
  await db.execute(sql`
    with ended as (delete from ${staffSessions} where ${which} returning ${staffSessions.tokenHash})
    select pg_notify(${SESSION_ENDED_CHANNEL}, token_hash) from ended`);
}

/**
 * Closes the account's open live connections without ending its sessions: they reconnect at once and join
 * their rooms again under the account's roles as they are now.
 */
export async function reconnectSessions(db: Pick<Database, 'execute'>, userId: number): Promise<void> {
  await db.execute(sql`
    select pg_notify(${SESSION_ENDED_CHANNEL}, ${staffSessions.tokenHash}) from ${staffSessions}
    where ${staffSessions.userId} = ${userId}`);
}
