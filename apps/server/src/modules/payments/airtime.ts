import { toKes } from '@playon/shared/payments';
import {
  AIRTIME_RESULT,
  type AirtimeResult,
  parseChargeResult,
  playerMessageForAirtimeResult,
  verifyCallbackSignature,
} from '../../platform/airtime/callbacks.ts';
import { type AirtimeCharge, AirtimeError } from '../../platform/airtime/client.ts';
import type { Completion } from './completion.ts';
import { type PaymentContext, paymentMessages } from './context.ts';
import type { IntentRow } from './repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Safaricom airtime (carrier billing), for the Bronze package only. The charge's reference is the
 * intent's id; its result arrives signed at a URL carrying the M-Pesa callback secret (ADR 0009),
 * and reconciliation looks the charge up by id, or by reference when we never learnt the id.
 */
export function createAirtimePayments(ctx: PaymentContext, completion: Completion) {
  const { config, repo, airtime, log, publish } = ctx;
  const callbackUrl = `${config.publicUrl}/api/payments/callbacks/airtime/${config.mpesaCallbackSecret}`;

  /** Applies a charge's final outcome, checked against what we asked for. */
  async function applyOutcome(
    intent: IntentRow,
    outcome: {
      chargeId: string;
      msisdn: string;
      amount: number;
      resultCode: number;
      completedAt: Date | null;
    },
  ) {
    if (intent.chargeId && outcome.chargeId !== intent.chargeId) {
      log.error(
        { intentId: intent.id, chargeId: outcome.chargeId },
        'airtime result for another charge: refused',
      );
      return;
    }
    if (outcome.resultCode === AIRTIME_RESULT.SUCCESS) {
      if (outcome.msisdn !== intent.phone || outcome.amount !== toKes(intent.amountCents)) {
        log.error(
          { intentId: intent.id, chargeId: outcome.chargeId },
          'airtime result does not match: refused',
        );
        return;
      }
      await completion.complete(
        intent,
        {
          resultCode: 0,
          providerCompletedAt: outcome.completedAt,
          ...(intent.chargeId ? {} : { chargeId: outcome.chargeId }),
        },
        outcome.completedAt ?? new Date(),
      );
      return;
    }
    await completion.fail(intent, outcome.resultCode === AIRTIME_RESULT.CANCELLED ? 'CANCELLED' : 'ERROR', {
      resultCode: outcome.resultCode,
      message: playerMessageForAirtimeResult(outcome.resultCode),
    });
  }

  async function airtimeIntent(result: AirtimeResult) {
    const intent = UUID.test(result.reference) ? await repo.byId(result.reference) : undefined;
    return intent?.methodCode === 'SAFARICOM_CREDIT' ? intent : undefined;
  }

  return {
    async start(created: IntentRow, description: string): Promise<IntentRow | undefined> {
      try {
        const charged = await airtime.charge({
          msisdn: created.phone ?? '',
          amount: toKes(created.amountCents),
          reference: created.id,
          description,
          callbackUrl,
        });
        const row = await repo.transition(created.id, 'IN_PROGRESS', { chargeId: charged.chargeId });
        await publish(row);
        return row;
      } catch (error) {
        if (!(error instanceof AirtimeError)) throw error;
        if (error.status === 0 || error.status >= 500) {
          log.warn({ err: error, intentId: created.id }, 'airtime charge outcome unknown');
          const row = await repo.transition(created.id, 'IN_PROGRESS', {
            message: paymentMessages.waitingForAirtime,
          });
          await publish(row);
          return row;
        }
        log.warn({ err: error, intentId: created.id }, 'airtime charge refused');
        return completion.fail(created, 'ERROR', { message: paymentMessages.airtimeNotStarted });
      }
    },

    /** The carrier's signed result, on the raw bytes: 'unauthorized', 'malformed' or 'ok'. */
    async handleResult(rawBody: Buffer, signature: string | undefined) {
      if (!verifyCallbackSignature(rawBody, signature, config.airtime.consumerSecret)) return 'unauthorized';
      let result: AirtimeResult;
      try {
        result = parseChargeResult(rawBody);
      } catch (error) {
        log.warn({ err: error }, 'malformed airtime result');
        return 'malformed';
      }
      const intent = await airtimeIntent(result);
      if (!intent) {
        log.error(
          { reference: result.reference, chargeId: result.chargeId },
          'airtime result for no payment of ours',
        );
        return 'ok';
      }
      await applyOutcome(intent, result);
      return 'ok';
    },

    /** Looks the charge up: 'final' once applied, 'open' while the subscriber has not answered (or we cannot tell). */
    async reconcile(intent: IntentRow): Promise<'final' | 'open' | 'never-sent'> {
      let charge: AirtimeCharge | null;
      try {
        charge = intent.chargeId
          ? await airtime.getCharge(intent.chargeId)
          : await airtime.findCharge(intent.id);
      } catch (error) {
        if (!(error instanceof AirtimeError)) throw error;
        log.warn({ err: error, intentId: intent.id }, 'airtime look-up failed: outcome still unknown');
        return 'open';
      }
      if (!charge) return 'never-sent';
      if (charge.status === 'PENDING' || charge.resultCode === null) return 'open';
      await applyOutcome(intent, { ...charge, resultCode: charge.resultCode });
      return 'final';
    },

    /** The carrier never received the charge request: nobody was charged. */
    async giveUp(intent: IntentRow) {
      await completion.fail(intent, 'ERROR', { message: paymentMessages.airtimeNotStarted });
    },
  };
}

export type AirtimePayments = ReturnType<typeof createAirtimePayments>;
