import { toCents } from '@playon/shared/payments';
import {
  type B2cResult,
  DUPLICATE_DETECTED_RESULT_CODE,
  NOT_COMPLETED_RESULT_CODE,
  parseB2cResult,
  parseStatusResult,
  type StatusResult,
} from '../../../../platform/daraja/callbacks.ts';
import { type JobHandler, RunAgainLater } from '../../../../platform/jobs/index.ts';
import type { IntentRepo, IntentRow } from '../../intents/repo.ts';
import { isPayout } from '../../intents/states.ts';
import { B2C_RESULT_JOB } from '../../jobs.ts';
import type { CallbackDeps } from './callback-deps.ts';
import type { MpesaResults } from './results.ts';
import type { StatusAnswer, StatusQueries } from './status-queries.ts';
import type { UnmatchedRepo } from './unmatched-repo.ts';

/** A result that came before we stored its payout's ConversationID is read again this soon, so often… */
const UNMATCHED_REREAD_MS = 100;
const UNMATCHED_REREADS = 3;
/** …and then tried again by a job this often. */
const UNMATCHED_RETRY_MS = 2000;
const UNMATCHED_MAX_ATTEMPTS = 10;

type PayoutCallbackDeps = CallbackDeps<
  Pick<IntentRepo, 'byOriginatorConversationId'>,
  Pick<UnmatchedRepo, 'parkResult'>,
  Pick<MpesaResults, 'payoutResult'>
> & { statusQueries: Pick<StatusQueries, 'answered'> };

const answerOf = (result: StatusResult): StatusAnswer => (result.notFound ? 'not-found' : result.verdict);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A payout's results (B2C result, Transaction Status result): applied only when they match the
 * payout we sent field by field (ADR 0018), otherwise parked for an operator.
 */
export function createPayoutCallbacks(deps: PayoutCallbackDeps) {
  const { intents, unmatched, results, statusQueries, jobs, events, log } = deps;
  /**
   * Why a payout result cannot be applied to the withdrawal it names, or null when it matches the
   * payout we sent field by field: its OriginatorConversationID found the intent; the ConversationID
   * Daraja gave us when it accepted the payout (the one id never shown to the player); the amount and
   * the receiving phone whenever Daraja reports them (`amountRequired` where it always does). An
   * answer to a Transaction Status query we asked about this payout (`vouched`: its own ConversationID
   * is one only Safaricom and we know) needs no payout ConversationID: the B2C answer that carried it
   * may have been lost, or a request sent again may have got another (ADR 0074).
   */
  function mismatchOf(
    intent: IntentRow | undefined,
    claim: { conversationId: string | null; amount: number | null; phone: string | null },
    amountRequired: boolean,
    vouched = false,
  ): string | null {
    if (!intent) return 'no withdrawal has this OriginatorConversationID';
    if (!isPayout(intent)) return 'not a payout';
    if (!vouched && !intent.conversationId) return 'we never learnt the ConversationID of this payout';
    if (!vouched && claim.conversationId !== intent.conversationId) return 'ConversationID does not match';
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
    let intent = await intents.byOriginatorConversationId(result.originatorConversationId);
    const outran = (row: IntentRow | undefined) => row?.status === 'PENDING' && !row.conversationId;
    // Most often the batch that sent it is writing the ConversationID right now: read it again
    // shortly, a few times, before putting it off as a job.
    for (let reread = 0; outran(intent) && attempts === 0 && reread < UNMATCHED_REREADS; reread++) {
      await pause(UNMATCHED_REREAD_MS);
      intent = await intents.byOriginatorConversationId(result.originatorConversationId);
    }
    if (intent && outran(intent) && attempts < UNMATCHED_MAX_ATTEMPTS) {
      if (attempts > 0) throw new RunAgainLater(UNMATCHED_RETRY_MS, 'payout ConversationID not stored yet');
      await jobs.enqueue(
        B2C_RESULT_JOB,
        { body: body as Record<string, unknown> },
        { delayMs: UNMATCHED_RETRY_MS, key: `b2c-result:${intent.id}:${result.conversationId}` },
      );
      return;
    }
    if (intent)
      await events({
        intentId: intent.id,
        kind: 'callback',
        provider: 'MPESA',
        operation: 'b2c-result',
        body,
      });
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
    if (result.resultCode === DUPLICATE_DETECTED_RESULT_CODE) {
      // This request repeated one Daraja already had: it paid nothing, and says nothing of the first,
      // which may have been paid. Reconciliation asks Transaction Status; never a reversal here.
      log.warn(
        { intentId: intent.id, conversationId: result.conversationId },
        'B2C result: duplicate detected, the payout’s status is asked',
      );
      return;
    }
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
    const query = await ourQuery(result);
    if (result.verdict === 'pending' || result.verdict === 'query-failed') {
      log.warn(
        {
          verdict: result.verdict,
          resultCode: result.resultCode,
          resultDesc: result.resultDesc,
          transactionStatus: result.transactionStatus,
          originatorConversationId: result.originatorConversationId,
          intentId: query?.intentId,
        },
        result.notFound && query
          ? 'transaction status: Daraja has no such payout, it may be sent again'
          : 'transaction status without an outcome: asked again later',
      );
      return;
    }
    const intent = result.originatorConversationId
      ? await intents.byOriginatorConversationId(result.originatorConversationId)
      : undefined;
    // Our query was about one payout: an answer naming another is not taken on its word.
    const vouched = query !== undefined && query.intentId === intent?.id;
    if (intent)
      await events({
        intentId: intent.id,
        kind: 'callback',
        provider: 'MPESA',
        operation: 'transaction-status-result',
        body,
      });
    const claim = {
      originatorConversationId: result.originatorConversationId,
      conversationId: result.conversationId,
      resultCode: result.resultCode,
      amount: result.amount,
      phone: result.receiverPhone,
      receipt: result.receipt,
    };
    const reason = mismatchOf(intent, claim, true, vouched);
    if (reason || !intent) return park('status/result', intent, claim, reason ?? 'no withdrawal', body);
    const completed = result.verdict === 'completed';
    await results.payoutResult(intent, {
      // A failure's own code when Daraja gave one, so the player reads why.
      resultCode: completed ? 0 : result.resultCode > 0 ? result.resultCode : NOT_COMPLETED_RESULT_CODE,
      receipt: result.receipt,
      completedAt: result.completedAt,
      // Vouched for by our query: the payout's ConversationID, when its B2C answer never came.
      conversationId: vouched ? result.conversationId : null,
    });
  }

  /**
   * The query a Transaction Status result answers, with the answer recorded on it; undefined when we
   * never asked it (or asked and have it answered already). Read again briefly: the result can outrun
   * our own write of the query's ConversationID.
   */
  async function ourQuery(result: StatusResult) {
    for (let reread = 0; ; reread++) {
      const query = await statusQueries.answered(result.queryConversationId, answerOf(result));
      if (query || reread >= UNMATCHED_REREADS) return query;
      await pause(UNMATCHED_REREAD_MS);
    }
  }

  /** B2C_RESULT_JOB's handler (registered with the module's other jobs in jobs.ts). */
  const b2cResultJob: JobHandler = async (payload, job) =>
    applyB2cResult(parseB2cResult(payload.body), payload.body, Math.max(1, job.attempts));

  return {
    b2cResultJob,
    b2cResult: (body: unknown) => applyB2cResult(parseB2cResult(body), body),
    statusResult: (body: unknown) => applyStatusResult(parseStatusResult(body), body),
  };
}
