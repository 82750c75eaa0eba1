import { toCents } from '@playon/shared/payments';
import {
  type B2cResult,
  NOT_COMPLETED_RESULT_CODE,
  parseB2cResult,
  parseQueueTimeout,
  parseStkCallback,
  type StkResult,
} from '../../platform/daraja/callbacks.ts';
import { RunAgainLater } from '../../platform/jobs/index.ts';
import { type CallbackKind, type PaymentContext, STK_CALLBACK_JOB } from './context.ts';
import type { IntentRow } from './repo.ts';
import type { Settlement } from './settlement.ts';

/** A callback that names a checkout we have not stored yet (it outran our own write) is tried again this often. */
const UNMATCHED_RETRY_MS = 2000;
const UNMATCHED_MAX_ATTEMPTS = 10;
/** An unmatched callback is matched only to a top-up started this shortly before it came. */
const MATCH_WINDOW_MS = 15 * 60_000;

/** Daraja's callbacks: each matched to the intent it is for, checked, then settled. */
export function createCallbacks(ctx: PaymentContext, settlement: Settlement) {
  const { repo, jobs, log } = ctx;
  const { settleTopUp, settleWithdrawal } = settlement;

  /**
   * The STK callback, checked against what we asked for: the intent it was for (applied or refused),
   * undefined when no intent knows this checkout (yet).
   */
  async function applyStkResult(result: StkResult): Promise<IntentRow | undefined> {
    const intent = await repo.byCheckoutRequestId(result.checkoutRequestId);
    if (!intent) return undefined;
    const refuse = (reason: string) => {
      log.error(
        { intentId: intent.id, checkoutRequestId: result.checkoutRequestId, reason },
        'STK callback refused',
      );
      return intent;
    };
    if (intent.methodCode !== 'MPESA' || intent.type === 'WITHDRAWAL') return refuse('not an M-Pesa payment');
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
    return intent;
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

  /**
   * An STK callback no intent knows by its checkout id: our push timed out before Daraja told us the
   * id, or the callback outran our own write of it. It is an open top-up without a checkout id, for
   * the same phone and amount, started shortly before; applied when exactly one such top-up exists.
   */
  async function matchByPhoneAndAmount(result: StkResult, receivedAt: Date) {
    if (result.resultCode !== 0 || result.phone === null || result.amount === null) return undefined;
    const since = new Date(receivedAt.getTime() - MATCH_WINDOW_MS);
    const candidates = await repo.openTopUpsWithoutCheckout(result.phone, toCents(result.amount), since);
    const [only] = candidates;
    if (!only || candidates.length > 1) return undefined;
    await repo.bindCheckout(only.id, {
      checkoutRequestId: result.checkoutRequestId,
      merchantRequestId: result.merchantRequestId,
    });
    const applied = await applyStkResult(result);
    if (applied)
      log.warn(
        { intentId: applied.id, checkoutRequestId: result.checkoutRequestId },
        'STK callback matched to its top-up by phone and amount',
      );
    return applied;
  }

  jobs.register(STK_CALLBACK_JOB, async (payload, job) => {
    const result = parseStkCallback(payload.body);
    const kept = await keep(result, payload.body);
    const intent = (await applyStkResult(result)) ?? (await matchByPhoneAndAmount(result, kept.createdAt));
    if (intent) return repo.resolveUnmatched(result.checkoutRequestId, 'MATCHED', intent.id);
    if (job.attempts < UNMATCHED_MAX_ATTEMPTS)
      throw new RunAgainLater(UNMATCHED_RETRY_MS, 'no intent with this checkout id yet');
    // Money may have come in and we cannot tell whose: a person decides, with the callback kept.
    log.error(
      {
        checkoutRequestId: result.checkoutRequestId,
        resultCode: result.resultCode,
        amount: result.amount,
        receipt: result.mpesaReceiptNumber,
      },
      'STK callback matches no top-up: kept for an operator',
    );
    await repo.resolveUnmatched(result.checkoutRequestId, 'OPERATOR');
  });

  /** Keeps the evidence of an STK callback we could not apply at once. */
  const keep = (result: StkResult, body: unknown) =>
    repo.keepUnmatched({
      checkoutRequestId: result.checkoutRequestId,
      merchantRequestId: result.merchantRequestId,
      resultCode: result.resultCode,
      amountCents: result.amount === null ? null : toCents(result.amount),
      phone: result.phone,
      receipt: result.mpesaReceiptNumber,
      body: body as Record<string, unknown>,
    });

  return {
    /**
     * A Daraja callback. Applied here and now when its intent is known; an STK callback no intent
     * knows is kept and queued to be matched (see matchByPhoneAndAmount). Throws on a malformed body.
     */
    async handleCallback(kind: CallbackKind, body: unknown) {
      switch (kind) {
        case 'stk': {
          const result = parseStkCallback(body);
          if (await applyStkResult(result)) return;
          // Kept before Daraja hears "Accepted": money-in evidence is never dropped.
          await keep(result, body);
          await jobs.enqueue(
            STK_CALLBACK_JOB,
            { body: body as Record<string, unknown> },
            { delayMs: UNMATCHED_RETRY_MS, key: `stk-callback:${result.checkoutRequestId}` },
          );
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
