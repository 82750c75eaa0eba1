import type { FastifyBaseLogger } from 'fastify';
import { type AirtimeCharge, type AirtimeClient, AirtimeError } from '../../../../platform/airtime/client.ts';
import { failureOf, type RecordEvent } from '../../events.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRow } from '../../intents/repo.ts';
import { paymentMessages } from '../../messages.ts';
import type { AirtimeResults } from './results.ts';

/** Reconciliation of airtime charges: looked up by id, or by reference when we never learnt the id. */
export function createAirtimeReconciliation({
  airtime,
  results,
  lifecycle,
  events,
  log,
}: {
  airtime: Pick<AirtimeClient, 'getCharge' | 'findCharge'>;
  results: Pick<AirtimeResults, 'apply'>;
  lifecycle: Pick<Lifecycle, 'fail'>;
  events: RecordEvent;
  log: FastifyBaseLogger;
}) {
  return {
    /** 'final' once applied, 'open' while the subscriber has not answered (or we cannot tell). */
    async reconcile(intent: IntentRow): Promise<'final' | 'open' | 'never-sent'> {
      let charge: AirtimeCharge | null;
      const event = { intentId: intent.id, provider: 'AIRTIME', operation: 'charge-lookup' } as const;
      const chargeId = intent.chargeId;
      await events({
        ...event,
        kind: 'request-sent',
        body: chargeId ? { chargeId } : { reference: intent.id },
      });
      try {
        charge = chargeId ? await airtime.getCharge(chargeId) : await airtime.findCharge(intent.id);
        await events({ ...event, kind: 'answer', body: charge ?? { found: false } });
      } catch (error) {
        if (!(error instanceof AirtimeError)) throw error;
        await events({ ...event, kind: 'answer', body: failureOf(error) });
        log.warn({ err: error, intentId: intent.id }, 'airtime look-up failed: outcome still unknown');
        return 'open';
      }
      if (!charge) return 'never-sent';
      if (charge.status === 'PENDING' || charge.resultCode === null) return 'open';
      await results.apply(intent, { ...charge, resultCode: charge.resultCode });
      return 'final';
    },

    /** The carrier never received the charge request: nobody was charged. */
    async giveUp(intent: IntentRow) {
      await lifecycle.fail(intent, 'ERROR', { message: paymentMessages.airtimeNotStarted });
    },
  };
}

export type AirtimeReconciliation = ReturnType<typeof createAirtimeReconciliation>;
