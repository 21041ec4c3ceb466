import type { StaffRole } from '@gather/contracts';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/database/client.js';
import { staffSessions, staffSignIns, staffUsers, staffPasswordLinks } from '../../platform/database/schema/staff.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';
import { endSessions, reconnectSessions } from '../auth/index.js';

export type StaffAccountRow = Pick<
  typeof staffUsers.$inferSelect,
  'id' | 'username' | 'email' | 'createdAt' | 'lastSignedInAt' | 'deactivatedAt' | 'roles'
>;

const accountColumns = {
  id: staffUsers.id,
  username: staffUsers.username,
  email: staffUsers.email,
  createdAt: staffUsers.createdAt,
  lastSignedInAt: staffUsers.lastSignedInAt,
  deactivatedAt: staffUsers.deactivatedAt,
  roles: staffUsers.roles,
};

/**
 * A reset's new password hash, set at once: a one-time password to be changed at the next sign-in, or,
 * with a link (whose mail is queued beside it), a password nobody knows until the link sets one.
 */
export interface PasswordChange {
  passwordHash: string;
  link?: { nonce: string; expiresAt: Date };
}

export class StaffAccountsRepository {
  constructor(private readonly db: Database) {}

  list(): Promise<StaffAccountRow[]> {
    return this.db
      .select(accountColumns)
      .from(staffUsers)
      .orderBy(sql`${staffUsers.deactivatedAt} is not null`, asc(sql`lower(${staffUsers.username})`));
  }

  async find(id: number): Promise<StaffAccountRow | undefined> {
    const [row] = await this.db.select(accountColumns).from(staffUsers).where(eq(staffUsers.id, id));
    return row;
  }

  async findByUsername(username: string): Promise<(StaffAccountRow & { passwordHash: string }) | undefined> {
    const [row] = await this.db
      .select({ ...accountColumns, passwordHash: staffUsers.passwordHash })
      .from(staffUsers)
      .where(sql`lower(${staffUsers.username}) = lower(${username})`);
    return row;
  }

  /** Undefined when the username is taken (the unique index decides, so two adds at once cannot both win). */
  async create(
    values: { username: string; email?: string; passwordHash: string; roles: StaffRole[]; mustChangePassword: boolean },
    link?: { nonce: string; expiresAt: Date },
  ): Promise<StaffAccountRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(staffUsers).values(values).onConflictDoNothing().returning(accountColumns);
      if (row && link) await addLink(tx, row.id, link);
      return row;
    });
  }

  /**
   * A reset ends every session of the account and any earlier link, in one transaction: whoever held the
   * old password or an older link is out.
   */
  async resetPassword(userId: number, change: PasswordChange): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(staffPasswordLinks).where(eq(staffPasswordLinks.userId, userId));
      await tx
        .update(staffUsers)
        .set({ passwordHash: change.passwordHash, mustChangePassword: !change.link, passwordChangedAt: new Date() })
        .where(eq(staffUsers.id, userId));
      if (change.link) await addLink(tx, userId, change.link);
      await endSessions(tx, eq(staffSessions.userId, userId));
    });
  }

  /**
   * Deactivates unless it would leave no active account, or no active administrator: the active rows are locked
   * first, so two staff deactivating each other at once cannot both succeed.
   */
  async deactivate(userId: number): Promise<'deactivated' | 'last-active' | 'last-administrator'> {
    return this.db.transaction(async (tx) => {
      const active = await lockActive(tx);
      if (!active.some((row) => row.id !== userId)) return 'last-active';
      if (isLastAdministrator(active, userId)) return 'last-administrator';
      await tx
        .update(staffUsers)
        .set({ deactivatedAt: new Date() })
        .where(and(eq(staffUsers.id, userId), isNull(staffUsers.deactivatedAt)));
      await tx.delete(staffPasswordLinks).where(eq(staffPasswordLinks.userId, userId));
      await endSessions(tx, eq(staffSessions.userId, userId));
      return 'deactivated';
    });
  }

  /**
   * Gives the account these roles unless that leaves no active administrator (locked as in deactivate). Its open
   * live connections are told to reconnect, so rooms it may no longer follow stop reaching it.
   */
  async setRoles(userId: number, roles: StaffRole[]): Promise<'changed' | 'last-administrator'> {
    return this.db.transaction(async (tx) => {
      const active = await lockActive(tx);
      if (!roles.includes('administrator') && isLastAdministrator(active, userId)) return 'last-administrator';
      await tx.update(staffUsers).set({ roles }).where(eq(staffUsers.id, userId));
      await reconnectSessions(tx, userId);
      return 'changed';
    });
  }

  async reactivate(userId: number): Promise<void> {
    await this.db.update(staffUsers).set({ deactivatedAt: null }).where(eq(staffUsers.id, userId));
  }

  /** A new password of one's own ends the account's other sessions; the one it was set from stays. */
  async changeOwnPassword(userId: number, passwordHash: string, keepTokenHash: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(staffUsers)
        .set({ passwordHash, mustChangePassword: false, passwordChangedAt: new Date() })
        .where(eq(staffUsers.id, userId));
      await endSessions(tx, and(eq(staffSessions.userId, userId), ne(staffSessions.tokenHash, keepTokenHash))!);
    });
  }

  signIns(userId: number) {
    return this.db
      .select({ signedInAt: staffSignIns.signedInAt, address: staffSignIns.address, userAgent: staffSignIns.userAgent })
      .from(staffSignIns)
      .where(eq(staffSignIns.userId, userId))
      .orderBy(desc(staffSignIns.signedInAt), desc(staffSignIns.id));
  }

  async findLink(id: number) {
    const [row] = await this.db
      .select({ id: staffPasswordLinks.id, nonce: staffPasswordLinks.nonce, username: staffUsers.username })
      .from(staffPasswordLinks)
      .innerJoin(staffUsers, eq(staffUsers.id, staffPasswordLinks.userId))
      .where(eq(staffPasswordLinks.id, id));
    return row;
  }

  /** A set-password link as its mail tells it; `usable` is false once used, expired or the account deactivated. */
  async linkToMail(id: number) {
    const [link] = await this.db
      .select({
        id: staffPasswordLinks.id,
        nonce: staffPasswordLinks.nonce,
        username: staffUsers.username,
        email: staffUsers.email,
        expiresAt: staffPasswordLinks.expiresAt,
        usedAt: staffPasswordLinks.usedAt,
        deactivatedAt: staffUsers.deactivatedAt,
      })
      .from(staffPasswordLinks)
      .innerJoin(staffUsers, eq(staffUsers.id, staffPasswordLinks.userId))
      .where(eq(staffPasswordLinks.id, id));
    if (!link?.email) return undefined;
    const { usedAt, deactivatedAt, email, ...rest } = link;
    return { ...rest, email, usable: !usedAt && !deactivatedAt && link.expiresAt > new Date() };
  }

  async useLink(id: number, passwordHash: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(staffPasswordLinks)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(staffPasswordLinks.id, id),
            isNull(staffPasswordLinks.usedAt),
            sql`${staffPasswordLinks.expiresAt} > now()`,
            sql`exists (select 1 from ${staffUsers} where ${staffUsers.id} = ${staffPasswordLinks.userId} and ${staffUsers.deactivatedAt} is null)`,
          ),
        )
        .returning({ userId: staffPasswordLinks.userId });
      if (!used) return false;
      await tx
        .update(staffUsers)
        .set({ passwordHash, mustChangePassword: false, passwordChangedAt: new Date() })
        .where(eq(staffUsers.id, used.userId));
      await endSessions(tx, eq(staffSessions.userId, used.userId));
      return true;
    });
  }
}

async function addLink(tx: Transaction, userId: number, link: { nonce: string; expiresAt: Date }): Promise<void> {
  const [row] = await tx
    .insert(staffPasswordLinks)
    .values({ userId, ...link })
    .returning({ id: staffPasswordLinks.id });
  await enqueueJob(tx, 'send-notification-email', { kind: 'staff-password-link', recordId: row!.id });
}

const lockActive = (tx: Transaction) =>
  tx
    .select({ id: staffUsers.id, roles: staffUsers.roles })
    .from(staffUsers)
    .where(isNull(staffUsers.deactivatedAt))
    .orderBy(staffUsers.id)
    .for('update');

/** Whether the account is an active administrator and no other active account is one. */
function isLastAdministrator(active: Array<{ id: number; roles: StaffRole[] }>, userId: number): boolean {
  const administrators = active.filter((row) => row.roles.includes('administrator'));
  return administrators.length === 1 && administrators[0]!.id === userId;
}
