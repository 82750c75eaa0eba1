import { createCallbacks } from './callbacks.ts';
import { createPaymentContext, type PaymentServiceDeps } from './context.ts';
import { createIntentReads } from './intents.ts';
import { createMethods } from './methods.ts';
import { createReconciliation } from './reconciliation.ts';
import { createSettlement } from './settlement.ts';
import { createTopUps } from './top-up.ts';
import { createWithdrawals } from './withdrawal.ts';

// The module's only entry point for other modules: everything they need is exported from here.
export {
  type CallbackKind,
  type PaymentServiceDeps,
  paymentMessages,
  RECONCILE_JOB,
  SEND_PAYOUT_JOB,
  STK_CALLBACK_JOB,
  TASK_CHANNEL,
  type TaskEvent,
  toPaymentIntent,
} from './context.ts';
export { feeFor } from './methods.ts';

/** Payments: composed from one file per flow, sharing one context (repo, callback URLs, task updates). */
export function createPaymentService(deps: PaymentServiceDeps) {
  const ctx = createPaymentContext(deps);
  const methods = createMethods(ctx);
  const settlement = createSettlement(ctx);
  const callbacks = createCallbacks(ctx, settlement);
  const topUps = createTopUps(ctx, methods);
  const withdrawals = createWithdrawals(ctx, methods, settlement);
  const reconciliation = createReconciliation(ctx, settlement, withdrawals);
  const reads = createIntentReads(ctx);

  return {
    listMethods: methods.listMethods,
    withdrawCharges: methods.withdrawCharges,
    topUp: topUps.topUp,
    withdraw: withdrawals.withdraw,
    intentOf: reads.intentOf,
    balanceOf: reads.balanceOf,
    transactionsOf: reads.transactionsOf,
    handleCallback: callbacks.handleCallback,
    reconcileNow: reconciliation.reconcileNow,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
