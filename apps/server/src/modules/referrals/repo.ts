import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { referralAttempts, referrals } from './schema.ts';

/** An attempt older than this was left behind by a crashed instance and no longer blocks. */
const STALE_ATTEMPT = sql`interval '30 seconds'`;

export function createReferralRepo(db: Db) {
  return {
    /** Marks a submission in flight; false when another one for this player still runs. */
    async startAttempt(playerUid: string, tx: Db = db) {
      const rows = await tx
        .insert(referralAttempts)
        .values({ playerUid })
        .onConflictDoUpdate({
          target: referralAttempts.playerUid,
          set: { startedAt: sql`now()` },
          setWhere: sql`${referralAttempts.startedAt} < now() - ${STALE_ATTEMPT}`,
        })
        .returning({ playerUid: referralAttempts.playerUid });
      return rows.length > 0;
    },
    async finishAttempt(playerUid: string, tx: Db = db) {
      await tx.delete(referralAttempts).where(eq(referralAttempts.playerUid, playerUid));
    },
    async findByReferred(referredUid: string, tx: Db = db) {
      const [row] = await tx.select().from(referrals).where(eq(referrals.referredUid, referredUid));
      return row;
    },
    /** Inserts unless the player was referred already; false then. */
    async insert(referral: typeof referrals.$inferInsert, tx: Db = db) {
      const rows = await tx
        .insert(referrals)
        .values(referral)
        .onConflictDoNothing({ target: referrals.referredUid })
        .returning({ id: referrals.id });
      return rows.length > 0;
    },
  };
}
