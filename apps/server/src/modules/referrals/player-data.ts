import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { referrals } from './schema.ts';

/**
 * Who referred the player and whom they referred, for a data request. A deletion keeps
 * these rows: they hold uids only, and the other player's history names them.
 */
export function createReferralPlayerData(db: Db) {
  return async function referralsOf(uid: string) {
    const [by] = await db
      .select({
        uid: referrals.referrerUid,
        referralCode: referrals.referralCode,
        createdAt: referrals.createdAt,
      })
      .from(referrals)
      .where(eq(referrals.referredUid, uid));
    const referred = await db
      .select({ uid: referrals.referredUid, createdAt: referrals.createdAt })
      .from(referrals)
      .where(eq(referrals.referrerUid, uid))
      .orderBy(asc(referrals.createdAt));
    return { referredBy: by ?? null, referred };
  };
}
