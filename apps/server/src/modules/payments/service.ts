import { createAirtimePayments } from './airtime.ts';
import { createCallbacks } from './callbacks.ts';
import { createCardPayments } from './card.ts';
import { createCheckout } from './checkout.ts';
import { createCompletion } from './completion.ts';
import { createPaymentContext, type PaymentServiceDeps, paymentMessages } from './context.ts';
import { createIntentReads } from './intents.ts';
import { createMethods } from './methods.ts';
import { createReconciliation } from './reconciliation.ts';
import { createSettlement } from './settlement.ts';
import { createSubscribe } from './subscribe.ts';
import { createTopUps } from './top-up.ts';
import { createWithdrawals } from './withdrawal.ts';

// The module's only entry point for other modules: everything they need is exported from here.
export {
  type CallbackKind,
  type OnCommitted,
  type PaymentServiceDeps,
  type PlayerDirectory,
  paymentMessages,
  RECONCILE_JOB,
  SEND_PAYOUT_JOB,
  STK_CALLBACK_JOB,
  TASK_CHANNEL,
  type TaskEvent,
  toPaymentIntent,
} from './context.ts';
export { feeFor } from './methods.ts';

const startedMessages: Record<number, string> = {
  1: paymentMessages.walletPaid,
  3: paymentMessages.openCard,
  4: paymentMessages.confirmAirtime,
};

/** Payments: composed from one file per flow, sharing one context (repo, callback URLs, task updates). */
export function createPaymentService(deps: PaymentServiceDeps) {
  const ctx = createPaymentContext(deps);
  const methods = createMethods(ctx);
  const completion = createCompletion(ctx);
  const settlement = createSettlement(ctx, completion);
  const callbacks = createCallbacks(ctx, settlement);
  const card = createCardPayments(ctx, completion);
  const airtime = createAirtimePayments(ctx, completion);
  const checkout = createCheckout(ctx, completion, card, airtime);
  const topUps = createTopUps(ctx, methods, checkout);
  const subscribe = createSubscribe(ctx, methods, checkout);
  const withdrawals = createWithdrawals(ctx, methods, settlement);
  const reconciliation = createReconciliation(ctx, settlement, withdrawals, card, airtime);
  const reads = createIntentReads(ctx);

  return {
    listMethods: methods.listMethods,
    withdrawCharges: methods.withdrawCharges,
    topUp: topUps.topUp,
    /** The answer's statusMessage for a payment started with this method (fixed ids, docs/api.md). */
    startedMessage: (paymentMethodId: number) =>
      startedMessages[paymentMethodId] ?? paymentMessages.checkPhone,
    subscribe: subscribe.subscribe,
    handleCardWebhook: card.handleWebhook,
    handleCardReturn: card.handleReturn,
    handleAirtimeResult: airtime.handleResult,
    withdraw: withdrawals.withdraw,
    intentOf: reads.intentOf,
    balanceOf: reads.balanceOf,
    transactionsOf: reads.transactionsOf,
    handleCallback: callbacks.handleCallback,
    reconcileNow: reconciliation.reconcileNow,
    /**
     * For operators (docs/operations.md): the M-Pesa callbacks and payout results parked because they
     * matched no payment field by field (ADR 0018), newest first, with why and the body as received.
     */
    parkedMpesaResults: (limit = 100) => ctx.repo.listForOperator(limit),
    openPastGiveUp: reconciliation.openPastGiveUp,
    /** Payments one player may start per minute, all money endpoints together (routes.ts). */
    paymentsPerPlayerPerMinute: deps.config.rateLimitPaymentsPerMinute,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
