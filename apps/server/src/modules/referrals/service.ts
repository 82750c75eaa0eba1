import { messages } from '@playon/shared/messages';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Player } from '../auth/service.ts';
import type { ProfileService } from '../profile/service.ts';
import { createReferralRepo } from './repo.ts';

export interface ReferralServiceDeps {
  db: Db;
  profiles: Pick<ProfileService, 'findByReferralCode'>;
}

export function createReferralService({ db, profiles }: ReferralServiceDeps) {
  const repo = createReferralRepo(db);

  async function apply(player: Player, referralCode: string) {
    const referrer = await profiles.findByReferralCode(referralCode);
    if (!referrer)
      throw new AppError('NOT_FOUND', messages.referral.unknown, { referralCode: messages.referral.unknown });
    if (referrer.uid === player.uid) {
      throw new AppError('BAD_REQUEST', messages.referral.own, { referralCode: messages.referral.own });
    }
    const inserted = await repo.insert({ referrerUid: referrer.uid, referredUid: player.uid, referralCode });
    if (!inserted) throw new AppError('CONFLICT', messages.referral.alreadyReferred);
    return { referrerUsername: referrer.username };
  }

  return {
    /** Applies a referral code to the caller, once per player, one submission at a time. */
    async applyReferralCode(player: Player, referralCode: string) {
      if (await repo.findByReferred(player.uid))
        throw new AppError('CONFLICT', messages.referral.alreadyReferred);
      if (!(await repo.startAttempt(player.uid))) throw new AppError('BUSY', messages.operationUnderway);
      try {
        return await apply(player, referralCode);
      } finally {
        await repo.finishAttempt(player.uid);
      }
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
/** Who referred a player and whom they referred, for a data request. */
export { createReferralPlayerData } from './player-data.ts';
