import { toKes } from '@playon/shared/payments';
import type { FastifyBaseLogger } from 'fastify';
import { type AirtimeClient, AirtimeError } from '../../../../platform/airtime/client.ts';
import { failureOf, type RecordEvent } from '../../events.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRow } from '../../intents/repo.ts';
import { paymentMessages } from '../../messages.ts';

/**
 * Safaricom airtime (carrier billing), for the Bronze package only: a charge request for a recorded
 * intent, whose result arrives signed at a URL carrying the M-Pesa callback secret (ADR 0009).
 */
export function createAirtimeCheckout({
  airtime,
  lifecycle,
  callbackUrl,
  events,
  log,
}: {
  airtime: Pick<AirtimeClient, 'charge'>;
  lifecycle: Pick<Lifecycle, 'progress' | 'fail'>;
  /** Where the carrier is to post this charge's result. */
  callbackUrl: () => string;
  events: RecordEvent;
  log: FastifyBaseLogger;
}) {
  return async function start(created: IntentRow, description: string): Promise<IntentRow | undefined> {
    const event = { intentId: created.id, provider: 'AIRTIME', operation: 'charge' } as const;
    const request = {
      msisdn: created.phone ?? '',
      amount: toKes(created.amountCents),
      reference: created.id,
      description,
      callbackUrl: callbackUrl(),
    };
    await events({ ...event, kind: 'request-sent', body: request });
    try {
      const charged = await airtime.charge(request);
      await events({ ...event, kind: 'answer', body: charged });
      return await lifecycle.progress(created, { chargeId: charged.chargeId });
    } catch (error) {
      if (!(error instanceof AirtimeError)) throw error;
      await events({ ...event, kind: 'answer', body: failureOf(error) });
      if (error.status === 0 || error.status >= 500) {
        log.warn({ err: error, intentId: created.id }, 'airtime charge outcome unknown');
        return lifecycle.progress(created, { message: paymentMessages.waitingForAirtime });
      }
      log.warn({ err: error, intentId: created.id }, 'airtime charge refused');
      return lifecycle.fail(created, 'ERROR', { message: paymentMessages.airtimeNotStarted });
    }
  };
}

export type StartAirtime = ReturnType<typeof createAirtimeCheckout>;

/** Where the carrier posts a charge's result, with the callback secret given out now (ADR 0054). */
export const airtimeCallbackUrl = (publicUrl: string, issuedSecret: () => string) => () =>
  `${publicUrl}/api/payments/callbacks/airtime/${issuedSecret()}`;
