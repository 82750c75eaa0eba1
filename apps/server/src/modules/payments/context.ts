import type { PaymentIntent, TaskMessage, TransactionType } from '@playon/shared/payments';
import { toKes } from '@playon/shared/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { AirtimeClient } from '../../platform/airtime/client.ts';
import type { Bus } from '../../platform/bus/index.ts';
import type { Config } from '../../platform/config.ts';
import type { DarajaClient } from '../../platform/daraja/client.ts';
import type { Db } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import type { PaystackClient } from '../../platform/paystack/client.ts';
import type { Notifier } from '../notifications/service.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { createPaymentNotices, isFinal } from './notices.ts';
import { createPaymentRepo, type IntentRow, type IntentStatusValue, type PaymentRepo } from './repo.ts';

export const paymentMessages = {
  checkPhone: 'Check your phone and enter your M-Pesa PIN.',
  withdrawalStarted: 'Your withdrawal is on its way to M-Pesa.',
  chooseMethod: 'Please choose a payment method.',
  comingSoon: (name: string) => `${name} coming soon. Please choose another method.`,
  notAvailableFor: (name: string, type: TransactionType) =>
    `${name} is not available for ${typeWords[type]}.`,
  openCard: 'Pay with your card on the page that opened.',
  walletPaid: 'Paid from your wallet.',
  confirmAirtime: 'Check your phone and confirm the airtime payment.',
  userNotFound: 'User not found',
  choosePackage: 'Please choose a package.',
  cardNotStarted: 'The card payment could not be started. Please try again.',
  airtimeNotStarted: 'Safaricom airtime could not start this payment. Please try again.',
  waitingForCard: 'We are waiting for the card payment to be confirmed.',
  waitingForAirtime: 'We are waiting for Safaricom to confirm this payment.',
  cardDeclined: 'Your card was declined. Please try another card.',
  cardInsufficientFunds: 'Your card does not have enough funds for this payment.',
  cardFailed: 'The card payment failed. Please try again.',
  enterPhone: 'Enter your phone',
  amountRange: (min: number, max: number) =>
    `The amount must be between KES ${min.toLocaleString('en-GB')} and KES ${max.toLocaleString('en-GB')}.`,
  waitingForMpesa: 'We are waiting for M-Pesa to confirm this payment.',
  mpesaFailed: 'M-Pesa could not complete this payment. Please try again.',
  mpesaNotStarted:
    'We could not send the M-Pesa request to your phone. No money was taken. Please try again.',
  notFound: 'We could not find that payment.',
} as const;

const typeWords: Record<TransactionType, string> = {
  TOPUP: 'top-up',
  WITHDRAWAL: 'withdrawal',
  BOOST: 'boost',
  SUBSCRIPTION: 'subscription',
};

export const TASK_CHANNEL = 'payments.task';
/** What the bus carries: the task and the players who may see it (its payer only). */
export interface TaskEvent {
  uids: string[];
  task: TaskMessage;
}

export const RECONCILE_JOB = 'payments.reconcile';
export const STK_CALLBACK_JOB = 'payments.stk-callback';
export const SEND_PAYOUT_JOB = 'payments.send-payout';
/** A B2C result that came before we stored its payout's ConversationID, applied once we have. */
export const B2C_RESULT_JOB = 'payments.b2c-result';

/**
 * Called inside the transaction that records a new payment, with the payment as it is then: the
 * request's Idempotency-Key stores it as its answer in that same transaction, so a retry after a
 * crash learns the payment the first attempt committed instead of starting a second one.
 */
export type OnCommitted = (intent: PaymentIntent, tx: Db) => Promise<void>;

export type CallbackKind = 'stk' | 'b2c/result' | 'b2c/timeout' | 'status/result' | 'status/timeout';

export interface PaymentServiceDeps {
  db: Db;
  config: Pick<
    Config,
    | 'publicUrl'
    | 'mpesaCallbackSecret'
    | 'limits'
    | 'withdrawalFees'
    | 'reconcileAfterMs'
    | 'stkUnknownGiveUpMs'
    | 'paystack'
    | 'airtime'
    | 'rateLimitPaymentsPerMinute'
    | 'paymentPromptsPerPhonePerHour'
  >;
  wallet: WalletService;
  daraja: DarajaClient;
  paystack: PaystackClient;
  airtime: AirtimeClient;
  subscriptions: Pick<SubscriptionService, 'packageById' | 'activateSubscription'>;
  players: PlayerDirectory;
  jobs: JobQueue;
  bus: Bus;
  log: FastifyBaseLogger;
  /** Tells players about their finished payments; without it (unit tests of the rules) nobody is told. */
  notifications?: Notifier;
}

/** Who the players are, for boosts (the friend must exist), card payments (email) and history (usernames). */
export interface PlayerDirectory {
  /** The players among `uids` who exist, with their username and email (either may be null). */
  playersByUid(
    uids: string[],
    tx?: Db,
  ): Promise<Map<string, { username: string | null; email: string | null }>>;
}

/** What every flow of the module shares: its dependencies, the repo, callback URLs and task updates. */
export interface PaymentContext extends PaymentServiceDeps {
  repo: PaymentRepo;
  callbackUrl(kind: CallbackKind): string;
  /** Tells the players who may see it that the intent changed; never fails the caller. */
  publish(row: IntentRow | undefined): Promise<void>;
}

export function createPaymentContext(deps: PaymentServiceDeps): PaymentContext {
  const { bus, config, log } = deps;
  return {
    ...deps,
    repo: notifyingRepo(deps),
    callbackUrl: (kind) =>
      `${config.publicUrl}/api/payments/callbacks/mpesa/${config.mpesaCallbackSecret}/${kind}`,
    async publish(row) {
      if (!row) return;
      const event: TaskEvent = {
        // The payer's waiting page only: a boost's friend hears of it by notification.
        uids: [row.playerUid],
        task: { type: 'task', id: row.id, status: row.status as IntentStatusValue, message: row.message },
      };
      try {
        await bus.publish(TASK_CHANNEL, event);
      } catch (err) {
        // The player catches up with GET /api/payments/{id}; the money is already right.
        log.warn({ err, intentId: row.id }, 'could not publish a task update');
      }
    },
  };
}

/**
 * The repo whose every move of an intent to COMPLETED, ERROR or CANCELLED also writes the players'
 * notifications, in the move's transaction (its own one when the caller has none): no flow can
 * finish a payment without telling, and a rolled-back move tells nobody.
 */
function notifyingRepo(deps: PaymentServiceDeps): PaymentRepo {
  const repo = createPaymentRepo(deps.db);
  if (!deps.notifications) return repo;
  const notify = createPaymentNotices(deps.notifications, deps.players, deps.subscriptions);
  return {
    ...repo,
    transition(id, to, set = {}, tx?) {
      if (!isFinal(to)) return repo.transition(id, to, set, tx);
      const move = async (t: Db) => {
        const row = await repo.transition(id, to, set, t);
        if (row) await notify(row, t);
        return row;
      };
      return tx ? move(tx) : deps.db.transaction(move);
    },
  };
}

export function toPaymentIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    status: row.status as IntentStatusValue,
    type: row.type as TransactionType,
    amount: toKes(row.amountCents),
    fee: toKes(row.feeCents),
    message: row.message,
    ...(row.sessionUrl ? { txGwSessionUrl: row.sessionUrl } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
