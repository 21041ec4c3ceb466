import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/database/client.js';
import { churchSettings } from '../../../platform/database/schema/church-settings.js';
import {
  staffAuthenticators,
  staffPasskeyChallenges,
  staffPasskeys,
  staffPendingSignIns,
  staffRecoveryCodes,
} from '../../../platform/database/schema/second-factor.js';
import { staffSessions } from '../../../platform/database/schema/staff.js';

const REQUIRE_SETTING = 'require_second_factor';

export interface NewPasskey {
  userId: number;
  name: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** The second factor's only SQL: authenticators, recovery codes, passkeys, pending sign-ins and the church's setting. */
export class SecondFactorRepository {
  constructor(private readonly db: Database) {}

  async requiredForAllStaff(): Promise<boolean> {
    const [row] = await this.db.select().from(churchSettings).where(eq(churchSettings.name, REQUIRE_SETTING));
    return row?.value === true;
  }

  async setRequiredForAllStaff(required: boolean): Promise<void> {
    await this.db
      .insert(churchSettings)
      .values({ name: REQUIRE_SETTING, value: required })
      .onConflictDoUpdate({ target: churchSettings.name, set: { value: required } });
  }

  async authenticator(userId: number) {
    const [row] = await this.db.select().from(staffAuthenticators).where(eq(staffAuthenticators.userId, userId));
    return row;
  }

  /** A new secret replaces an unconfirmed one; a confirmed one stays until removed. */
  async startAuthenticator(userId: number, secretSealed: string): Promise<boolean> {
    const rows = await this.db
      .insert(staffAuthenticators)
      .values({ userId, secretSealed })
      .onConflictDoUpdate({
        target: staffAuthenticators.userId,
        set: { secretSealed, createdAt: new Date(), lastStep: null },
        setWhere: isNull(staffAuthenticators.confirmedAt),
      })
      .returning({ userId: staffAuthenticators.userId });
    return rows.length > 0;
  }

  /** Records the step of an accepted code; false when that step or a later one was already used (a replay). */
  async useStep(userId: number, step: number, confirm: boolean): Promise<boolean> {
    const rows = await this.db
      .update(staffAuthenticators)
      .set({ lastStep: step, ...(confirm && { confirmedAt: new Date() }) })
      .where(
        and(
          eq(staffAuthenticators.userId, userId),
          or(isNull(staffAuthenticators.lastStep), lt(staffAuthenticators.lastStep, step)),
        ),
      )
      .returning({ userId: staffAuthenticators.userId });
    return rows.length > 0;
  }

  async removeAuthenticator(userId: number): Promise<void> {
    await this.db.delete(staffAuthenticators).where(eq(staffAuthenticators.userId, userId));
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
    return row?.count ?? 0;
  }

  async replaceRecoveryCodes(userId: number, codeHashes: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
      if (codeHashes.length) {
        await tx.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      }
    });
  }

  /** Marks the code used; false when it is unknown or was used before, even by a sign-in at the same moment. */
  async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
    const rows = await this.db
      .update(staffRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(staffRecoveryCodes.userId, userId),
          eq(staffRecoveryCodes.codeHash, codeHash),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    return rows.length > 0;
  }

  passkeys(userId: number) {
    return this.db.select().from(staffPasskeys).where(eq(staffPasskeys.userId, userId)).orderBy(staffPasskeys.id);
  }

  async addPasskey(passkey: NewPasskey) {
    const [row] = await this.db.transaction(async (tx) => {
      await tx.delete(staffPasskeyChallenges).where(eq(staffPasskeyChallenges.userId, passkey.userId));
      return tx.insert(staffPasskeys).values(passkey).returning();
    });
    return row!;
  }

  async passkeyUsed(id: number, counter: number): Promise<void> {
    await this.db.update(staffPasskeys).set({ counter, lastUsedAt: new Date() }).where(eq(staffPasskeys.id, id));
  }

  async removePasskey(userId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(staffPasskeys)
      .where(and(eq(staffPasskeys.userId, userId), eq(staffPasskeys.id, id)))
      .returning({ id: staffPasskeys.id });
    return rows.length > 0;
  }

  async setPasskeyChallenge(userId: number, challenge: string, expiresAt: Date): Promise<void> {
    await this.db
      .insert(staffPasskeyChallenges)
      .values({ userId, challenge, expiresAt })
      .onConflictDoUpdate({ target: staffPasskeyChallenges.userId, set: { challenge, expiresAt } });
  }

  async passkeyChallenge(userId: number): Promise<string | undefined> {
    const [row] = await this.db
      .select()
      .from(staffPasskeyChallenges)
      .where(and(eq(staffPasskeyChallenges.userId, userId), gt(staffPasskeyChallenges.expiresAt, new Date())));
    return row?.challenge;
  }

  /** Everything of one account's second factor goes: what an administrator's reset does. */
  async removeAll(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(staffAuthenticators).where(eq(staffAuthenticators.userId, userId));
      await tx.delete(staffPasskeys).where(eq(staffPasskeys.userId, userId));
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
      await tx.delete(staffPendingSignIns).where(eq(staffPendingSignIns.userId, userId));
    });
  }

  /** The account now has a factor: its sessions limited to enrolling become whole. */
  async liftEnrolOnly(userId: number): Promise<void> {
    await this.db.update(staffSessions).set({ enrolOnly: false }).where(eq(staffSessions.userId, userId));
  }

  async createPending(pending: { tokenHash: string; userId: number; remember: boolean; expiresAt: Date }) {
    await this.db.delete(staffPendingSignIns).where(lt(staffPendingSignIns.expiresAt, new Date()));
    await this.db.insert(staffPendingSignIns).values(pending);
  }

  async livePending(tokenHash: string) {
    const [row] = await this.db
      .select()
      .from(staffPendingSignIns)
      .where(and(eq(staffPendingSignIns.tokenHash, tokenHash), gt(staffPendingSignIns.expiresAt, new Date())));
    return row;
  }

  async setPendingChallenge(tokenHash: string, challenge: string): Promise<void> {
    await this.db.update(staffPendingSignIns).set({ challenge }).where(eq(staffPendingSignIns.tokenHash, tokenHash));
  }

  /** Deletes the pending sign-in; false when another request used it first. */
  async usePending(tokenHash: string): Promise<boolean> {
    const rows = await this.db
      .delete(staffPendingSignIns)
      .where(and(eq(staffPendingSignIns.tokenHash, tokenHash), gt(staffPendingSignIns.expiresAt, new Date())))
      .returning({ userId: staffPendingSignIns.userId });
    return rows.length > 0;
  }
}
