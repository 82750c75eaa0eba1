import { toCents } from '@playon/shared/payments';
import {
  type B2cResult,
  NOT_COMPLETED_RESULT_CODE,
  parseB2cResult,
  parseQueueTimeout,
  parseStkCallback,
  playerMessageForResultCode,
  type StkResult,
} from '../../platform/daraja/callbacks.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import { RunAgainLater } from '../../platform/jobs/index.ts';
import { type CallbackKind, type PaymentContext, STK_CALLBACK_JOB } from './context.ts';
import type { IntentRow } from './repo.ts';

/** A callback that names a checkout we have not stored yet (it outran our own write) is tried again this often. */
const UNMATCHED_RETRY_MS = 2000;
const UNMATCHED_MAX_ATTEMPTS = 10;

/**
 * Applying outcomes (callbacks, queries, refusals): one transaction each, the status change and the
 * ledger entry together.
 */
export function createCallbacks(ctx: PaymentContext) {
  const { db, repo, wallet, jobs, log, publish } = ctx;

  /** A top-up's final outcome, from the STK callback or an STK Push Query. */
  async function settleTopUp(
    intent: IntentRow,
    outcome: { resultCode: number; receipt: string | null; completedAt: Date | null },
  ) {
    let row: IntentRow | undefined;
    if (outcome.resultCode === 0) {
      try {
        row = await db.transaction(async (tx) => {
          const done = await repo.transition(
            intent.id,
            'COMPLETED',
            {
              receipt: outcome.receipt,
              resultCode: 0,
              providerCompletedAt: outcome.completedAt,
              message: null,
            },
            tx,
          );
          if (done) {
            await wallet.creditFromMpesa(
              {
                uid: done.walletUid,
                amountCents: done.amountCents,
                intentId: done.id,
                description: 'Top up from M-Pesa',
              },
              tx,
            );
          }
          return done;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        log.error(
          { intentId: intent.id, receipt: outcome.receipt },
          'M-Pesa receipt already used by another payment: refused',
        );
        return;
      }
    } else {
      const status = outcome.resultCode === 1032 ? 'CANCELLED' : 'ERROR';
      row = await repo.transition(intent.id, status, {
        resultCode: outcome.resultCode,
        message: playerMessageForResultCode(outcome.resultCode),
      });
    }
    await publish(row);
  }

  /** A withdrawal's final outcome: settle (pending → clearing + fees) or reverse (pending → wallet). */
  async function settleWithdrawal(
    intent: IntentRow,
    outcome: {
      resultCode: number;
      receipt: string | null;
      completedAt: Date | null;
      conversationId: string | null;
      message?: string;
    },
  ) {
    const ok = outcome.resultCode === 0;
    let row: IntentRow | undefined;
    try {
      row = await db.transaction(async (tx) => {
        const done = await repo.transition(
          intent.id,
          ok ? 'COMPLETED' : 'ERROR',
          {
            resultCode: outcome.resultCode,
            receipt: ok ? outcome.receipt : null,
            providerCompletedAt: outcome.completedAt,
            message: ok ? null : (outcome.message ?? playerMessageForResultCode(outcome.resultCode)),
            ...(outcome.conversationId && !intent.conversationId
              ? { conversationId: outcome.conversationId }
              : {}),
          },
          tx,
        );
        if (done) {
          const money = { amountCents: done.amountCents, feeCents: done.feeCents, intentId: done.id };
          if (ok) await wallet.settleWithdrawal({ ...money, description: 'Withdrawal to M-Pesa' }, tx);
          else
            await wallet.reverseWithdrawal(
              { ...money, uid: done.walletUid, description: 'Withdrawal reversed' },
              tx,
            );
        }
        return done;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      log.error(
        { intentId: intent.id, receipt: outcome.receipt },
        'B2C reference already used by another payment: refused',
      );
      return;
    }
    await publish(row);
  }

  /** The STK callback, checked against what we asked for. false: no intent knows this checkout yet. */
  async function applyStkResult(result: StkResult): Promise<boolean> {
    const intent = await repo.byCheckoutRequestId(result.checkoutRequestId);
    if (!intent) return false;
    const refuse = (reason: string) => {
      log.error(
        { intentId: intent.id, checkoutRequestId: result.checkoutRequestId, reason },
        'STK callback refused',
      );
      return true;
    };
    if (intent.type !== 'TOPUP') return refuse('not a top-up');
    if (intent.merchantRequestId && result.merchantRequestId !== intent.merchantRequestId)
      return refuse('merchant request id does not match');
    if (result.resultCode === 0) {
      if (result.amount === null || toCents(result.amount) !== intent.amountCents)
        return refuse('amount does not match');
      if (result.phone !== null && result.phone !== intent.phone) return refuse('phone does not match');
    }
    await settleTopUp(intent, {
      resultCode: result.resultCode,
      receipt: result.mpesaReceiptNumber,
      completedAt: result.transactionDate,
    });
    return true;
  }

  /** A B2C result or a Transaction Status result for one of our withdrawals. */
  async function applyB2cResult(result: B2cResult, source: 'b2c' | 'status') {
    const intent = await repo.byOriginatorConversationId(result.originatorConversationId);
    const refuse = (reason: string) =>
      log.error(
        { intentId: intent?.id, originatorConversationId: result.originatorConversationId, source, reason },
        'B2C result refused',
      );
    if (!intent) return refuse('no such withdrawal');
    if (intent.type !== 'WITHDRAWAL') return refuse('not a withdrawal');
    if (
      intent.conversationId &&
      result.conversationId &&
      source === 'b2c' &&
      result.conversationId !== intent.conversationId
    )
      return refuse('conversation id does not match');
    if (result.resultCode === 0) {
      if (result.amount !== null && toCents(result.amount) !== intent.amountCents)
        return refuse('amount does not match');
      if (result.receiverPhone !== null && result.receiverPhone !== intent.phone)
        return refuse('phone does not match');
    } else if (source === 'status' && result.resultCode !== NOT_COMPLETED_RESULT_CODE) {
      // The query itself failed (not found, not allowed): that says nothing about the payment.
      log.warn(
        { intentId: intent.id, resultCode: result.resultCode, resultDesc: result.resultDesc },
        'transaction status unknown',
      );
      return;
    }
    await settleWithdrawal(intent, {
      resultCode: result.resultCode,
      receipt: result.transactionId,
      completedAt: result.completedAt,
      conversationId: result.conversationId || null,
    });
  }

  jobs.register(STK_CALLBACK_JOB, async (payload, job) => {
    const result = parseStkCallback(payload.body);
    if (await applyStkResult(result)) return;
    if (job.attempts >= UNMATCHED_MAX_ATTEMPTS) {
      log.error(
        { checkoutRequestId: result.checkoutRequestId },
        'STK callback for an unknown checkout: dropped',
      );
      return;
    }
    throw new RunAgainLater(UNMATCHED_RETRY_MS, 'no intent with this checkout id yet');
  });

  return {
    settleTopUp,
    settleWithdrawal,

    /**
     * A Daraja callback. Applied here and now when its intent is known; an STK callback that
     * outran our own write of the checkout id is queued and tried again. Throws on a malformed body.
     */
    async handleCallback(kind: CallbackKind, body: unknown) {
      switch (kind) {
        case 'stk': {
          const result = parseStkCallback(body);
          if (!(await applyStkResult(result))) {
            await jobs.enqueue(
              STK_CALLBACK_JOB,
              { body: body as Record<string, unknown> },
              { delayMs: UNMATCHED_RETRY_MS },
            );
          }
          return;
        }
        case 'b2c/result':
          return applyB2cResult(parseB2cResult(body), 'b2c');
        case 'status/result': {
          let result: B2cResult;
          try {
            result = parseB2cResult(body);
          } catch (error) {
            // "The payment is still Pending": not an outcome; reconciliation asks again later.
            log.info({ err: error }, 'transaction status without an outcome yet');
            return;
          }
          return applyB2cResult(result, 'status');
        }
        case 'b2c/timeout':
        case 'status/timeout': {
          // The outcome is unknown: the reconciliation job already waiting for this intent will ask.
          const ids = parseQueueTimeout(body);
          log.warn({ ...ids, kind }, 'Daraja queue timeout');
          return;
        }
      }
    },
  };
}

export type Callbacks = ReturnType<typeof createCallbacks>;
