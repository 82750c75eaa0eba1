import type { JobHandler, JobQueue } from '../../platform/jobs/index.ts';

/**
 * The durable jobs of the payments module (platform/jobs): one name each, and the one place their
 * handlers are registered. Each part that owns a job exposes its handler; app.ts registers them.
 */

/** Looks at an open intent until it is final (reconciliation.ts). */
export const RECONCILE_JOB = 'payments.reconcile';
/** The key of an intent's RECONCILE_JOB: one per intent, cancelled when the intent ends. */
export const reconcileJobKey = (intentId: string) => `reconcile:${intentId}`;
/** An STK callback no intent knew when it came, matched again shortly (providers/mpesa/stk-callbacks.ts). */
export const STK_CALLBACK_JOB = 'payments.stk-callback';
/** Sends a withdrawal's B2C request out of the request path (providers/mpesa/payout.ts). */
export const SEND_PAYOUT_JOB = 'payments.send-payout';
/** A B2C result that came before we stored its payout's ConversationID, applied once we have (providers/mpesa/payout-callbacks.ts). */
export const B2C_RESULT_JOB = 'payments.b2c-result';

/** Each job's handler, from the part that owns it (the payments service hands them over). */
export interface PaymentJobHandlers {
  reconcile: JobHandler;
  stkCallback: JobHandler;
  sendPayout: JobHandler;
  b2cResult: JobHandler;
}

/** Registers every payments job's handler on the queue: app.ts, and tests that build the service alone. */
export function registerPaymentJobs(jobs: Pick<JobQueue, 'register'>, handlers: PaymentJobHandlers) {
  jobs.register(SEND_PAYOUT_JOB, handlers.sendPayout);
  jobs.register(STK_CALLBACK_JOB, handlers.stkCallback);
  jobs.register(B2C_RESULT_JOB, handlers.b2cResult);
  jobs.register(RECONCILE_JOB, handlers.reconcile);
}
