import { toCents } from '@playon/shared/payments';
import type { FastifyBaseLogger } from 'fastify';
import {
  type B2cResult,
  NOT_COMPLETED_RESULT_CODE,
  parseB2cResult,
  parseQueueTimeout,
  parseStatusResult,
  parseStkCallback,
  type StatusResult,
  type StkResult,
} from '../../../../platform/daraja/callbacks.ts';
import { type JobQueue, RunAgainLater } from '../../../../platform/jobs/index.ts';
import type { IntentRepo, IntentRow } from '../../intents/repo.ts';
import { B2C_RESULT_JOB, STK_CALLBACK_JOB } from '../../job-names.ts';
import type { CallbackKind } from './callback-urls.ts';
import type { MpesaResults } from './results.ts';
import type { UnmatchedRepo } from './unmatched-repo.ts';

/** A callback that names a checkout we have not stored yet (it outran our own write) is tried again this often. */
const UNMATCHED_RETRY_MS = 2000;
const UNMATCHED_MAX_ATTEMPTS = 10;
/** An unmatched callback is matched only to a top-up started this shortly before it came. */
const MATCH_WINDOW_MS = 15 * 60_000;

/** Daraja's callbacks: each matched to the intent it is for, checked field by field, then applied. */
export function createMpesaCallbacks({
  intents,
  unmatched,
  results,
  jobs,
  log,
}: {
  intents: Pick<
    IntentRepo,
    'byCheckoutRequestId' | 'byOriginatorConversationId' | 'openTopUpsWithoutCheckout' | 'bindCheckout'
  >;
  unmatched: Pick<UnmatchedRepo, 'keepUnmatched' | 'parkResult' | 'resolveUnmatched'>;
  results: MpesaResults;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}) {
  /**
   * The STK callback, checked against what we asked for: the intent it was for (applied or refused),
   * undefined when no intent knows this checkout (yet).
   */
  async function applyStkResult(result: StkResult): Promise<IntentRow | undefined> {
    const intent = await intents.byCheckoutRequestId(result.checkoutRequestId);
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
    await results.paymentResult(intent, {
      resultCode: result.resultCode,
      receipt: result.mpesaReceiptNumber,
      completedAt: result.transactionDate,
    });
    return intent;
  }

  /**
   * Why a payout result cannot be applied to the withdrawal it names, or null when it matches the
   * payout we sent field by field: its OriginatorConversationID found the intent; the ConversationID
   * Daraja gave us when it accepted the payout (the one id never shown to the player); the amount and
   * the receiving phone whenever Daraja reports them (`amountRequired` where it always does).
   */
  function mismatchOf(
    intent: IntentRow | undefined,
    claim: { conversationId: string | null; amount: number | null; phone: string | null },
    amountRequired: boolean,
  ): string | null {
    if (!intent) return 'no withdrawal has this OriginatorConversationID';
    if (intent.type !== 'WITHDRAWAL') return 'not a withdrawal';
    if (!intent.conversationId) return 'we never learnt the ConversationID of this payout';
    if (claim.conversationId !== intent.conversationId) return 'ConversationID does not match';
    if (claim.amount === null ? amountRequired : toCents(claim.amount) !== intent.amountCents)
      return 'amount does not match';
    if (claim.phone !== null && claim.phone !== intent.phone) return 'phone does not match';
    return null;
  }

  /** A result that does not match its payout: kept for an operator, never applied. */
  async function park(
    kind: 'b2c/result' | 'status/result',
    intent: IntentRow | undefined,
    claim: {
      originatorConversationId: string | null;
      conversationId: string | null;
      resultCode: number;
      amount: number | null;
      phone: string | null;
      receipt: string | null;
    },
    reason: string,
    body: unknown,
  ) {
    const row = await unmatched.parkResult({
      kind,
      originatorConversationId: claim.originatorConversationId,
      conversationId: claim.conversationId,
      resultCode: claim.resultCode,
      amountCents: claim.amount === null ? null : toCents(claim.amount),
      phone: claim.phone,
      receipt: claim.receipt,
      reason,
      body: body as Record<string, unknown>,
      intentId: intent?.id ?? null,
    });
    log.error(
      {
        parkedId: row?.id,
        kind,
        intentId: intent?.id,
        originatorConversationId: claim.originatorConversationId,
        resultCode: claim.resultCode,
        reason,
      },
      'M-Pesa payout result does not match its payout: parked for an operator',
    );
  }

  /**
   * A B2C result: applied only when it matches the payout field by field, otherwise parked. One that
   * outran our own write of the payout's ConversationID is tried again shortly (B2C_RESULT_JOB).
   */
  async function applyB2cResult(result: B2cResult, body: unknown, attempts = 0) {
    const intent = await intents.byOriginatorConversationId(result.originatorConversationId);
    if (intent?.status === 'PENDING' && !intent.conversationId && attempts < UNMATCHED_MAX_ATTEMPTS) {
      if (attempts > 0) throw new RunAgainLater(UNMATCHED_RETRY_MS, 'payout ConversationID not stored yet');
      await jobs.enqueue(
        B2C_RESULT_JOB,
        { body: body as Record<string, unknown> },
        { delayMs: UNMATCHED_RETRY_MS, key: `b2c-result:${intent.id}:${result.conversationId}` },
      );
      return;
    }
    const claim = {
      originatorConversationId: result.originatorConversationId,
      conversationId: result.conversationId || null,
      resultCode: result.resultCode,
      amount: result.amount,
      phone: result.receiverPhone,
      receipt: result.transactionId,
    };
    // A successful B2C result always reports the amount; a failed one reports neither amount nor phone.
    const reason = mismatchOf(intent, claim, result.resultCode === 0);
    if (reason || !intent) return park('b2c/result', intent, claim, reason ?? 'no withdrawal', body);
    await results.payoutResult(intent, {
      resultCode: result.resultCode,
      receipt: result.transactionId,
      completedAt: result.completedAt,
      conversationId: null,
    });
  }

  /**
   * A Transaction Status result: a completed or failed payout is settled or reversed when it matches
   * field by field (its answer always carries the amount); anything else is asked again by
   * reconciliation, which lists the withdrawal for an operator once it is past its give-up time.
   */
  async function applyStatusResult(result: StatusResult, body: unknown) {
    if (result.verdict === 'pending' || result.verdict === 'query-failed') {
      log.warn(
        {
          verdict: result.verdict,
          resultCode: result.resultCode,
          resultDesc: result.resultDesc,
          transactionStatus: result.transactionStatus,
          originatorConversationId: result.originatorConversationId,
        },
        'transaction status without an outcome: asked again later',
      );
      return;
    }
    const intent = result.originatorConversationId
      ? await intents.byOriginatorConversationId(result.originatorConversationId)
      : undefined;
    const claim = {
      originatorConversationId: result.originatorConversationId,
      conversationId: result.conversationId,
      resultCode: result.resultCode,
      amount: result.amount,
      phone: result.receiverPhone,
      receipt: result.receipt,
    };
    const reason = mismatchOf(intent, claim, true);
    if (reason || !intent) return park('status/result', intent, claim, reason ?? 'no withdrawal', body);
    const completed = result.verdict === 'completed';
    await results.payoutResult(intent, {
      // A failure's own code when Daraja gave one, so the player reads why.
      resultCode: completed ? 0 : result.resultCode > 0 ? result.resultCode : NOT_COMPLETED_RESULT_CODE,
      receipt: result.receipt,
      completedAt: result.completedAt,
      conversationId: null,
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
    const candidates = await intents.openTopUpsWithoutCheckout(result.phone, toCents(result.amount), since);
    const [only] = candidates;
    if (!only || candidates.length > 1) return undefined;
    await intents.bindCheckout(only.id, {
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
  });

  jobs.register(B2C_RESULT_JOB, async (payload, job) =>
    applyB2cResult(parseB2cResult(payload.body), payload.body, Math.max(1, job.attempts)),
  );

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
          return applyB2cResult(parseB2cResult(body), body);
        case 'status/result':
          return applyStatusResult(parseStatusResult(body), body);
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

export type MpesaCallbacks = ReturnType<typeof createMpesaCallbacks>;
