import { createCheckout } from './checkout.ts';
import type { PaymentServiceDeps } from './deps.ts';
import { createPaymentEventWriters } from './events.ts';
import { createHistory } from './history.ts';
import { createLifecycle } from './intents/lifecycle.ts';
import { createPaymentNotices } from './intents/notices.ts';
import { createPostings } from './intents/postings.ts';
import { createIntentRepo } from './intents/repo.ts';
import { createTaskUpdates } from './intents/updates.ts';
import type { PaymentJobHandlers } from './jobs.ts';
import { paymentMessages } from './messages.ts';
import { createMethods } from './methods.ts';
import { createMoneyConsole } from './ops/actions.ts';
import { createPlayerIntents } from './player-intents.ts';
import { createProviders, providerOfMethod } from './providers/compose.ts';
import { createReconciliation } from './reconciliation.ts';
import { createSubscribe } from './subscribe.ts';
import { createTopUps } from './top-up.ts';
import { createWithdrawals } from './withdraw.ts';

export type { PaymentServiceDeps } from './deps.ts';
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
  const { record: events, recordAll: recordEvents } = createPaymentEventWriters({ db, log });
  const lifecycle = createLifecycle({
    db,
    intents,
    cancelJobs: (keys, tx) => jobs.cancel(keys, tx),
    postings: createPostings({ wallet, subscriptions, providerOf: providerOfMethod }),
    recordNotices:
      deps.notifications &&
      createPaymentNotices({ notifications: deps.notifications, players, subscriptions }),
    publish: createTaskUpdates({ realtime: deps.realtime, log }),
    log,
  });
  const providers = createProviders({ ...deps, intents, lifecycle, events, recordEvents });
  const { mpesa, card, airtime } = providers.built;
  const methods = createMethods({
    db,
    isOffered: providers.isOffered,
    withdrawalLimits: config.limits.b2c,
    withdrawalFees: config.withdrawalFees,
  });
  const checkout = createCheckout({
    db,
    intents,
    jobs,
    reconcileAfterMs: config.reconcileAfterMs,
    wallet: providers.walletCheckout,
    providerOf: providers.builtOf,
  });
  const reconciliation = createReconciliation({
    intents,
    reconcileAfterMs: config.reconcileAfterMs,
    giveUpMs: config.stkUnknownGiveUpMs,
    events,
    log,
    providerOf: providerOfMethod,
    builtOf: providers.builtOf,
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
    /** The callbacks, webhooks and returns of every provider that is on (routes.ts registers them). */
    providerRoutes: providers.routes,
    handleCallback: mpesa.callbacks.handleCallback,
    isAcceptedCallbackSecret: providers.secrets.isAcceptedCallbackSecret,
    /** The card gateway's and the carrier's callbacks, when they are on. */
    cardCallbacks: card?.callbacks,
    airtimeCallbacks: airtime?.callbacks,
    reconcileNow: reconciliation.reconcileNow,
    /** Its jobs' handlers, for registerPaymentJobs (jobs.ts). */
    jobHandlers: {
      reconcile: reconciliation.reconcileJob,
      sendPayout: mpesa.payouts.sendPayoutJob,
      ...mpesa.callbacks.jobHandlers,
    } satisfies PaymentJobHandlers,
    /**
     * For operators (docs/operations.md): the M-Pesa callbacks and payout results parked because they
     * matched no payment field by field (ADR 0018), newest first, with why and the body as received.
     */
    parkedMpesaResults: (limit = 100) => mpesa.unmatched.listForOperator(limit),
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
      unmatched: mpesa.unmatched,
      reconcileNow: reconciliation.reconcileNow,
      payoutLimits: config.limits.b2c,
      reconcileAfterMs: config.reconcileAfterMs,
      giveUpMs: config.stkUnknownGiveUpMs,
      reported: providers.reported,
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
