import type { FastifyBaseLogger } from 'fastify';
import type { AirtimeClient } from '../../platform/airtime/client.ts';
import type { AirtimeConfig, Config, PaystackConfig } from '../../platform/config.ts';
import type { DarajaClient } from '../../platform/daraja/client.ts';
import type { Db } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import type { PaystackClient } from '../../platform/paystack/client.ts';
import type { Notifier } from '../notifications/service.ts';
import type { Realtime } from '../realtime/service.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { createCheckout } from './checkout.ts';
import { createPaymentEvents } from './events.ts';
import { createHistory } from './history.ts';
import { createLifecycle } from './intents/lifecycle.ts';
import { createPaymentNotices } from './intents/notices.ts';
import { createPostings } from './intents/postings.ts';
import { createIntentRepo } from './intents/repo.ts';
import { createTaskUpdates } from './intents/updates.ts';
import type { PaymentJobHandlers } from './jobs.ts';
import { paymentMessages } from './messages.ts';
import { createMethods } from './methods.ts';
import { createMoneyConsole, type ProviderReportsDeps } from './ops/actions.ts';
import { createPlayerIntents } from './player-intents.ts';
import type { PlayerDirectory } from './players.ts';
import { createAirtimeCallbacks } from './providers/airtime/callbacks.ts';
import { airtimeCallbackUrl, createAirtimeCheckout } from './providers/airtime/checkout.ts';
import { createAirtimeReconciliation } from './providers/airtime/reconcile.ts';
import { createAirtimeResults } from './providers/airtime/results.ts';
import { createCallbackSecrets } from './providers/callback-secrets.ts';
import { createCardCallbacks } from './providers/card/callbacks.ts';
import { createCardCheckout } from './providers/card/checkout.ts';
import { createCardVerification } from './providers/card/reconcile.ts';
import { createCardResults } from './providers/card/results.ts';
import { mpesaCallbackUrls } from './providers/mpesa/callback-urls.ts';
import { createMpesaCallbacks } from './providers/mpesa/callbacks.ts';
import { createPayouts } from './providers/mpesa/payout.ts';
import { createPromptGuard } from './providers/mpesa/prompt-guard.ts';
import { createMpesaReconciliation } from './providers/mpesa/reconcile.ts';
import { createMpesaResults } from './providers/mpesa/results.ts';
import { createStkPush } from './providers/mpesa/stk-push.ts';
import { createUnmatchedRepo } from './providers/mpesa/unmatched-repo.ts';
import { createWalletCheckout } from './providers/wallet/checkout.ts';
import { createReconciliation } from './reconciliation.ts';
import { createSubscribe } from './subscribe.ts';
import { createTopUps } from './top-up.ts';
import { createWithdrawals } from './withdraw.ts';

export { toPaymentIntent } from './intents/wire.ts';
export {
  B2C_RESULT_JOB,
  type PaymentJobHandlers,
  RECONCILE_JOB,
  registerPaymentJobs,
  SEND_PAYOUT_JOB,
  STK_CALLBACK_JOB,
} from './jobs.ts';
export { paymentMessages } from './messages.ts';
export { feeFor } from './methods.ts';
// The module's only entry point for other modules: everything they need is exported from here.
export { createProviderReports } from './ops/provider-reports.ts';
export type { PlayerDirectory } from './players.ts';
export type { CallbackKind } from './providers/mpesa/callback-urls.ts';
export type { OnCommitted } from './requests.ts';

export interface PaymentServiceDeps {
  db: Db;
  config: Pick<
    Config,
    | 'publicUrl'
    | 'mpesaCallbackSecret'
    | 'keyRotation'
    | 'limits'
    | 'withdrawalFees'
    | 'reconcileAfterMs'
    | 'stkUnknownGiveUpMs'
    | 'rateLimitPaymentsPerMinute'
    | 'paymentPromptsPerPhonePerHour'
  > & {
    /** The card gateway's secret key, which signs its webhooks. */
    paystack: Pick<PaystackConfig, 'secretKey'>;
    /** The carrier's consumer secret, which signs its results. */
    airtime: Pick<AirtimeConfig, 'consumerSecret'>;
  };
  wallet: WalletService;
  daraja: DarajaClient;
  paystack: Pick<PaystackClient, 'initializeTransaction' | 'verifyTransaction'>;
  airtime: AirtimeClient;
  subscriptions: Pick<SubscriptionService, 'packageById' | 'activateSubscription' | 'endSubscriptionOf'>;
  players: PlayerDirectory;
  jobs: JobQueue;
  /** The payer's waiting page hears of each change of their intent as a `task` message. */
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** Tells players about their finished payments; without it (unit tests of the rules) nobody is told. */
  notifications?: Pick<Notifier, 'record'>;
  /** How the console's daily reconciliation reads the providers; without it, their side is unread. */
  reports?: ProviderReportsDeps;
}

const startedMessages: Record<number, string> = {
  1: paymentMessages.walletPaid,
  3: paymentMessages.openCard,
  4: paymentMessages.confirmAirtime,
};

/**
 * Payments, composed around the intent's lifecycle (README.md): the requests (top-up, subscribe,
 * withdraw) start an intent through checkout; each provider takes it from there; every outcome
 * ends in intents/lifecycle.ts. Each part gets only what it uses.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, config, wallet, subscriptions, players, jobs, log } = deps;
  const intents = createIntentRepo(db);
  // What each provider was sent and answered, and its callbacks: a payment's timeline for operators.
  const events = createPaymentEvents({ db, log });
  const lifecycle = createLifecycle({
    db,
    intents,
    postings: createPostings({ wallet, subscriptions }),
    recordNotices:
      deps.notifications &&
      createPaymentNotices({ notifications: deps.notifications, players, subscriptions }),
    publish: createTaskUpdates({ realtime: deps.realtime, log }),
    log,
  });
  const methods = createMethods({
    db,
    withdrawalLimits: config.limits.b2c,
    withdrawalFees: config.withdrawalFees,
  });

  // What authenticates the providers' callbacks, a previous secret too while one is replaced (ADR 0054).
  const secrets = createCallbackSecrets(config);
  // M-Pesa: STK Push in, B2C out, and Daraja's callbacks for both.
  const callbackUrl = mpesaCallbackUrls(config.publicUrl, secrets.issuedCallbackSecret);
  const mpesaResults = createMpesaResults(lifecycle);
  const payouts = createPayouts({
    daraja: deps.daraja,
    intents,
    lifecycle,
    results: mpesaResults,
    callbackUrl,
    events,
    log,
  });
  const unmatched = createUnmatchedRepo(db);
  const mpesaCallbacks = createMpesaCallbacks({
    intents,
    unmatched,
    results: mpesaResults,
    jobs,
    events,
    log,
  });
  // The card gateway's hosted checkout.
  const cardResults = createCardResults({ intents, lifecycle, log });
  const verifyCard = createCardVerification({
    paystack: deps.paystack,
    results: cardResults,
    lifecycle,
    events,
    log,
  });
  const cardCallbacks = createCardCallbacks({
    results: cardResults,
    verify: verifyCard,
    webhookKeys: secrets.cardWebhookKeys,
    events,
    log,
  });
  // Safaricom airtime.
  const airtimeResults = createAirtimeResults({ intents, lifecycle, log });
  const airtimeCallbacks = createAirtimeCallbacks({
    results: airtimeResults,
    consumerSecret: config.airtime.consumerSecret,
    events,
    log,
  });

  const checkout = createCheckout({
    db,
    intents,
    jobs,
    reconcileAfterMs: config.reconcileAfterMs,
    prompts: createPromptGuard({ db, intents, promptsPerPhonePerHour: config.paymentPromptsPerPhonePerHour }),
    providers: {
      wallet: createWalletCheckout({ db, intents, lifecycle }),
      mpesa: createStkPush({ daraja: deps.daraja, lifecycle, callbackUrl, events, log }),
      card: createCardCheckout({
        paystack: deps.paystack,
        players,
        lifecycle,
        publicUrl: config.publicUrl,
        events,
        log,
      }),
      airtime: createAirtimeCheckout({
        airtime: deps.airtime,
        lifecycle,
        callbackUrl: airtimeCallbackUrl(config.publicUrl, secrets.issuedCallbackSecret),
        events,
        log,
      }),
    },
  });
  const reconciliation = createReconciliation({
    intents,
    reconcileAfterMs: config.reconcileAfterMs,
    giveUpMs: config.stkUnknownGiveUpMs,
    events,
    log,
    providers: {
      mpesa: createMpesaReconciliation({
        daraja: deps.daraja,
        lifecycle,
        results: mpesaResults,
        payouts,
        callbackUrl,
        giveUpMs: config.stkUnknownGiveUpMs,
        events,
        log,
      }),
      card: verifyCard,
      airtime: createAirtimeReconciliation({
        airtime: deps.airtime,
        results: airtimeResults,
        lifecycle,
        events,
        log,
      }),
    },
  });
  const history = createHistory({ intents, wallet, players, subscriptions });

  return {
    listMethods: methods.listMethods,
    withdrawCharges: methods.withdrawCharges,
    topUp: createTopUps({ methods, checkout, players, limits: config.limits.stk }).topUp,
    subscribe: createSubscribe({ methods, checkout, subscriptions }).subscribe,
    ...createWithdrawals({
      db,
      intents,
      wallet,
      methods,
      jobs,
      limits: config.limits.b2c,
      fees: config.withdrawalFees,
      reconcileAfterMs: config.reconcileAfterMs,
    }),
    /** The answer's statusMessage for a payment started with this method (fixed ids, docs/api.md). */
    startedMessage: (paymentMethodId: number) =>
      startedMessages[paymentMethodId] ?? paymentMessages.checkPhone,
    intentOf: history.intentOf,
    /** For operators (the console's Players area): one player's payments, paged and searchable. */
    intentsOfPlayer: createPlayerIntents(db),
    transactionsOf: history.transactionsOf,
    handleCallback: mpesaCallbacks.handleCallback,
    isAcceptedCallbackSecret: secrets.isAcceptedCallbackSecret,
    handleCardWebhook: cardCallbacks.handleWebhook,
    handleCardReturn: cardCallbacks.handleReturn,
    handleAirtimeResult: airtimeCallbacks.handleResult,
    reconcileNow: reconciliation.reconcileNow,
    /** Its jobs' handlers, for registerPaymentJobs (jobs.ts). */
    jobHandlers: {
      reconcile: reconciliation.reconcileJob,
      sendPayout: payouts.sendPayoutJob,
      ...mpesaCallbacks.jobHandlers,
    } satisfies PaymentJobHandlers,
    /**
     * For operators (docs/operations.md): the M-Pesa callbacks and payout results parked because they
     * matched no payment field by field (ADR 0018), newest first, with why and the body as received.
     */
    parkedMpesaResults: (limit = 100) => unmatched.listForOperator(limit),
    openPastGiveUp: reconciliation.openPastGiveUp,
    /** The console's Payments and money area: lists, timelines, refunds, reconciliation. */
    console: createMoneyConsole({
      db,
      intents,
      lifecycle,
      wallet,
      subscriptions,
      jobs,
      players,
      events,
      unmatched,
      reconcileNow: reconciliation.reconcileNow,
      payoutLimits: config.limits.b2c,
      reconcileAfterMs: config.reconcileAfterMs,
      giveUpMs: config.stkUnknownGiveUpMs,
      reports: deps.reports,
    }),
    /** Payments one player may start per minute, all money endpoints together (routes.ts). */
    paymentsPerPlayerPerMinute: config.rateLimitPaymentsPerMinute,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
/** A payment as the console's Players area lists it, mapped as the money area maps its own. */
export { toPlayerPayment } from './ops/payment-view.ts';
/** What the console's dashboard and feedback inbox read of payments, on the database alone. */
export { createPaymentReads, type PaymentReads } from './ops/reads.ts';
