/** The durable jobs of the payments module (platform/jobs): one name each, registered by their owner. */

/** Looks at an open intent until it is final (reconciliation.ts). */
export const RECONCILE_JOB = 'payments.reconcile';
/** An STK callback no intent knew when it came, matched again shortly (providers/mpesa/callbacks.ts). */
export const STK_CALLBACK_JOB = 'payments.stk-callback';
/** Sends a withdrawal's B2C request out of the request path (providers/mpesa/payout.ts). */
export const SEND_PAYOUT_JOB = 'payments.send-payout';
/** A B2C result that came before we stored its payout's ConversationID, applied once we have. */
export const B2C_RESULT_JOB = 'payments.b2c-result';
