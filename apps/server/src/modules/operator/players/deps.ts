import type { Db } from '../../../platform/db.ts';
import type { Accounts } from '../../auth/service.ts';
import { createChatPlayerData } from '../../chat/service.ts';
import { createPlayerFeedback } from '../../content/service.ts';
import { createNotificationPlayerData } from '../../notifications/service.ts';
import type { PaymentService } from '../../payments/service.ts';
import { createPlayerRecords } from '../../profile/service.ts';
import { createReferralPlayerData } from '../../referrals/service.ts';
import type { SubscriptionService } from '../../subscriptions/service.ts';
import { createTournamentEntriesOf } from '../../tournaments/service.ts';
import type { UploadsService } from '../../uploads/service.ts';
import type { WalletService } from '../../wallet/service.ts';
import type { OpsService } from '../service.ts';

/** What the Players area is built from: the services app.ts made, and the database for the rest. */
export interface PlayersOpsDeps {
  db: Db;
  ops: Pick<OpsService, 'audit'>;
  accounts: Accounts;
  wallet: Pick<WalletService, 'balanceOf' | 'ledgerOf' | 'openPayoutsOf'>;
  payments: Pick<PaymentService, 'intentsOfPlayer' | 'withdraw' | 'withdrawCharges' | 'listMethods'>;
  /** The B2C limits in KES: what a payout before a deletion may be. */
  payoutLimits: { min: number; max: number };
  subscriptions: Pick<SubscriptionService, 'listForPlayer'>;
  uploads: Pick<UploadsService, 'isOwnPicture' | 'removeFilesOf'>;
}

/**
 * The parts each module offers for one player's records (their reads and their erasure), built on
 * the database alone as ADR 0021's ports are: the Players area sits above every module it reads.
 */
export function playerRecordParts(db: Db) {
  return {
    profiles: createPlayerRecords(db),
    tournamentEntriesOf: createTournamentEntriesOf(db),
    chat: createChatPlayerData(db),
    notifications: createNotificationPlayerData(db),
    referralsOf: createReferralPlayerData(db),
    feedback: createPlayerFeedback(db),
  };
}

export type PlayerRecordParts = ReturnType<typeof playerRecordParts>;
