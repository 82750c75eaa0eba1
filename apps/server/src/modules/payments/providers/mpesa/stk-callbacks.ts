import { toCents } from '@playon/shared/payments';
import { parseStkCallback, type StkResult } from '../../../../platform/daraja/callbacks.ts';
import { type JobHandler, RunAgainLater } from '../../../../platform/jobs/index.ts';
import { continueTrace } from '../../../../platform/tracing.ts';
import type { IntentRepo, IntentRow } from '../../intents/repo.ts';
import { isPayout } from '../../intents/states.ts';
import { STK_CALLBACK_JOB } from '../../jobs.ts';
import type { CallbackDeps } from './callback-deps.ts';
import type { MpesaResults } from './results.ts';
import type { UnmatchedRepo } from './unmatched-repo.ts';

/** A callback that names a checkout we have not stored yet (it outran our own write) is tried again this often. */
const UNMATCHED_RETRY_MS = 2000;
const UNMATCHED_MAX_ATTEMPTS = 10;
/** An unmatched callback is matched only to a top-up started this shortly before it came. */
const MATCH_WINDOW_MS = 15 * 60_000;

type StkCallbackDeps = CallbackDeps<
  Pick<IntentRepo, 'byCheckoutRequestId' | 'openTopUpsWithoutCheckout' | 'bindCheckout'>,
  Pick<UnmatchedRepo, 'keepUnmatched' | 'resolveUnmatched'>,
  Pick<MpesaResults, 'paymentResult'>
>;

/**
 * The STK callback of a prompt (top-up, boost, subscription): matched to its intent by the
 * CheckoutRequestID, checked against what we asked for, then applied; one no intent knows is kept
 * and matched again shortly, by phone and amount if need be, or left for an operator.
 */
export function createStkCallbacks(deps: StkCallbackDeps) {
  const { intents, unmatched, results, jobs, events, log } = deps;
  /**
   * The STK callback, checked against what we asked for: the intent it was for (applied or refused),
   * undefined when no intent knows this checkout (yet).
   */
  async function applyStkResult(result: StkResult, body: unknown): Promise<IntentRow | undefined> {
    const intent = await intents.byCheckoutRequestId(result.checkoutRequestId);
    if (!intent) return undefined;
    // Part of the top-up's trace, from the player's tap to here; linked to this callback's own (ADR 0051).
    return continueTrace(
      intent.traceContext,
      'mpesa stk-callback',
      () => applyToIntent(intent, result, body),
      {
        attributes: { 'playon.intent.id': intent.id },
        linkCurrent: true,
      },
    );
  }

  async function applyToIntent(intent: IntentRow, result: StkResult, body: unknown): Promise<IntentRow> {
    await events({
      intentId: intent.id,
      kind: 'callback',
      provider: 'MPESA',
      operation: 'stk-callback',
      body,
    });
    const refuse = (reason: string) => {
      log.error(
        { intentId: intent.id, checkoutRequestId: result.checkoutRequestId, reason },
        'STK callback refused',
      );
      return intent;
    };
    if (intent.methodCode !== 'MPESA' || isPayout(intent)) return refuse('not an M-Pesa payment');
    if (intent.merchantRequestId && result.merchantRequestId !== intent.merchantRequestId)
      return refuse('merchant request id does not match');
    if (result.resultCode === 0) {
      if (result.amount === null || toCents(result.amount) !== intent.amountCents)
        return refuse('amount does not match');
      if (result.phone !== null && result.phone !== intent.phone) return refuse('phone does not match');
    }
    await results.paymentResult(intent, {
      resultCode: result.resultCode,
      receipt: result.mpesaReceiptNumber,
      completedAt: result.transactionDate,
    });
    return intent;
  }

  /**
   * An STK callback no intent knows by its checkout id: our push timed out before Daraja told us the
   * id, or the callback outran our own write of it. It is an open top-up without a checkout id, for
   * the same phone and amount, started shortly before; applied when exactly one such top-up exists.
   */
  async function matchByPhoneAndAmount(result: StkResult, body: unknown, receivedAt: Date) {
    if (result.resultCode !== 0 || result.phone === null || result.amount === null) return undefined;
    const since = new Date(receivedAt.getTime() - MATCH_WINDOW_MS);
    const candidates = await intents.openTopUpsWithoutCheckout(result.phone, toCents(result.amount), since);
    const [only] = candidates;
    if (!only || candidates.length > 1) return undefined;
    await intents.bindCheckout(only.id, {
      checkoutRequestId: result.checkoutRequestId,
      merchantRequestId: result.merchantRequestId,
    });
    const applied = await applyStkResult(result, body);
    if (applied)
      log.warn(
        { intentId: applied.id, checkoutRequestId: result.checkoutRequestId },
        'STK callback matched to its top-up by phone and amount',
      );
    return applied;
  }

  /** Keeps the evidence of an STK callback we could not apply at once. */
  const keep = (result: StkResult, body: unknown) =>
    unmatched.keepUnmatched({
      checkoutRequestId: result.checkoutRequestId,
      merchantRequestId: result.merchantRequestId,
      resultCode: result.resultCode,
      amountCents: result.amount === null ? null : toCents(result.amount),
      phone: result.phone,
      receipt: result.mpesaReceiptNumber,
      body: body as Record<string, unknown>,
    });

  /** STK_CALLBACK_JOB's handler (registered with the module's other jobs in jobs.ts). */
  const stkCallbackJob: JobHandler = async (payload, job) => {
    const result = parseStkCallback(payload.body);
    const kept = await keep(result, payload.body);
    const intent =
      (await applyStkResult(result, payload.body)) ??
      (await matchByPhoneAndAmount(result, payload.body, kept.createdAt));
    if (intent) return unmatched.resolveUnmatched(result.checkoutRequestId, 'MATCHED', intent.id);
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
    await unmatched.resolveUnmatched(result.checkoutRequestId, 'OPERATOR');
  };

  return {
    stkCallbackJob,
    /** Applied here and now when its intent is known; otherwise kept and queued to be matched. */
    async handle(body: unknown) {
      const result = parseStkCallback(body);
      if (await applyStkResult(result, body)) return;
      // Kept before Daraja hears "Accepted": money-in evidence is never dropped.
      await keep(result, body);
      await jobs.enqueue(
        STK_CALLBACK_JOB,
        { body: body as Record<string, unknown> },
        { delayMs: UNMATCHED_RETRY_MS, key: `stk-callback:${result.checkoutRequestId}` },
      );
    },
  };
}
