import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/database/client.js';
import { adminSessions, adminSignIns, adminUsers, staffPasswordLinks } from '../../platform/database/schema/staff.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';
import { endSessions } from '../auth/repository.js';

export type StaffAccountRow = Pick<
  typeof adminUsers.$inferSelect,
  'id' | 'username' | 'email' | 'createdAt' | 'lastSignedInAt' | 'deactivatedAt'
>;

const accountColumns = {
  id: adminUsers.id,
  username: adminUsers.username,
  email: adminUsers.email,
  createdAt: adminUsers.createdAt,
  lastSignedInAt: adminUsers.lastSignedInAt,
  deactivatedAt: adminUsers.deactivatedAt,
};

/** What a new password comes with: a hash to set now, or a link row whose mail is queued beside it. */
export type PasswordChange = { passwordHash: string } | { link: { nonce: string; expiresAt: Date } };

export class StaffAccountsRepository {
  constructor(private readonly db: Database) {}

  list(): Promise<StaffAccountRow[]> {
    return this.db
      .select(accountColumns)
      .from(adminUsers)
      .orderBy(sql`${adminUsers.deactivatedAt} is not null`, asc(sql`lower(${adminUsers.username})`));
  }

  async find(id: number): Promise<StaffAccountRow | undefined> {
    const [row] = await this.db.select(accountColumns).from(adminUsers).where(eq(adminUsers.id, id));
    return row;
  }

  async findByUsername(username: string): Promise<(StaffAccountRow & { passwordHash: string }) | undefined> {
    const [row] = await this.db
      .select({ ...accountColumns, passwordHash: adminUsers.passwordHash })
      .from(adminUsers)
      .where(sql`lower(${adminUsers.username}) = lower(${username})`);
    return row;
  }

  /** Undefined when the username is taken (the unique index decides, so two adds at once cannot both win). */
  async create(
    values: { username: string; email?: string; passwordHash: string },
    link?: { nonce: string; expiresAt: Date },
  ): Promise<StaffAccountRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(adminUsers).values(values).onConflictDoNothing().returning(accountColumns);
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
      if ('passwordHash' in change) {
        await tx
          .update(adminUsers)
          .set({ passwordHash: change.passwordHash, passwordChangedAt: new Date() })
          .where(eq(adminUsers.id, userId));
      } else await addLink(tx, userId, change.link);
      await endSessions(tx, eq(adminSessions.userId, userId));
    });
  }

  /**
   * Deactivates unless it would leave no active account: the active rows are locked first, so two staff
   * deactivating each other at once cannot both succeed.
   */
  async deactivate(userId: number): Promise<'deactivated' | 'last-active'> {
    return this.db.transaction(async (tx) => {
      const active = await tx
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .where(isNull(adminUsers.deactivatedAt))
        .orderBy(adminUsers.id)
        .for('update');
      if (!active.some((row) => row.id !== userId)) return 'last-active';
      await tx
        .update(adminUsers)
        .set({ deactivatedAt: new Date() })
        .where(and(eq(adminUsers.id, userId), isNull(adminUsers.deactivatedAt)));
      await tx.delete(staffPasswordLinks).where(eq(staffPasswordLinks.userId, userId));
      await endSessions(tx, eq(adminSessions.userId, userId));
      return 'deactivated';
    });
  }

  async reactivate(userId: number): Promise<void> {
    await this.db.update(adminUsers).set({ deactivatedAt: null }).where(eq(adminUsers.id, userId));
  }

  /** A new password of one's own ends the account's other sessions; the one it was set from stays. */
  async changeOwnPassword(userId: number, passwordHash: string, keepTokenHash: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(adminUsers).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(adminUsers.id, userId));
      await endSessions(tx, and(eq(adminSessions.userId, userId), ne(adminSessions.tokenHash, keepTokenHash))!);
    });
  }

  signIns(userId: number) {
    return this.db
      .select({ signedInAt: adminSignIns.signedInAt, address: adminSignIns.address, userAgent: adminSignIns.userAgent })
      .from(adminSignIns)
      .where(eq(adminSignIns.userId, userId))
      .orderBy(desc(adminSignIns.signedInAt), desc(adminSignIns.id));
  }

  async findLink(id: number) {
    const [row] = await this.db.select().from(staffPasswordLinks).where(eq(staffPasswordLinks.id, id));
    return row;
  }

  /**
   * Uses a link once: only the first of two uses at once finds it unused. False when it was used,
   * has expired or its account is deactivated.
   */
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
            sql`exists (select 1 from ${adminUsers} where ${adminUsers.id} = ${staffPasswordLinks.userId} and ${adminUsers.deactivatedAt} is null)`,
          ),
        )
        .returning({ userId: staffPasswordLinks.userId });
      if (!used) return false;
      await tx
        .update(adminUsers)
        .set({ passwordHash, passwordChangedAt: new Date() })
        .where(eq(adminUsers.id, used.userId));
      await endSessions(tx, eq(adminSessions.userId, used.userId));
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
