import type { FastifyBaseLogger } from 'fastify';
import { type DarajaClient, DarajaError } from '../../../../platform/daraja/client.ts';
import { failureOf, type RecordEvent } from '../../events.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRow } from '../../intents/repo.ts';
import { paymentMessages } from '../../messages.ts';
import type { CallbackUrl } from './callback-urls.ts';

/** Daraja refused the request outright (a 4xx with its error body): nothing reached the phone. */
const isClearRefusal = (error: DarajaError) =>
  error.status >= 400 && error.status < 500 && error.code !== null;

/**
 * M-Pesa's checkout: an STK Push to the payer's phone for a recorded intent. Its outcome arrives at
 * the STK callback (callbacks.ts), or is asked for by reconciliation (reconcile.ts).
 */
export function createStkPush({
  daraja,
  lifecycle,
  callbackUrl,
  events,
  log,
}: {
  daraja: Pick<DarajaClient, 'stkPush'>;
  lifecycle: Pick<Lifecycle, 'progress' | 'fail'>;
  callbackUrl: CallbackUrl;
  events: RecordEvent;
  log: FastifyBaseLogger;
}) {
  return async function push(
    created: IntentRow,
    request: { phone: string | null; amount: number; description: string },
  ): Promise<IntentRow | undefined> {
    const event = { intentId: created.id, provider: 'MPESA', operation: 'stk-push' } as const;
    const sent = {
      phone: request.phone ?? '',
      amount: request.amount,
      accountReference: 'PlayOn',
      description: request.description,
      callbackUrl: callbackUrl('stk'),
    };
    await events({ ...event, kind: 'request-sent', body: sent });
    try {
      const pushed = await daraja.stkPush(sent);
      await events({ ...event, kind: 'answer', body: pushed });
      return await lifecycle.progress(created, {
        merchantRequestId: pushed.merchantRequestId,
        checkoutRequestId: pushed.checkoutRequestId,
      });
    } catch (error) {
      if (!(error instanceof DarajaError)) throw error;
      await events({ ...event, kind: 'answer', body: failureOf(error) });
      if (isClearRefusal(error)) {
        log.warn({ err: error, intentId: created.id }, 'STK push refused');
        return lifecycle.fail(created, 'ERROR', { message: paymentMessages.mpesaFailed });
      }
      // Timed out, unreachable or 5xx: the push may have reached the phone. Never shown as failed;
      // its callback is matched by phone and amount, or an operator decides (reconciliation).
      log.warn({ err: error, intentId: created.id }, 'STK push outcome unknown');
      return lifecycle.progress(created, { message: paymentMessages.waitingForMpesa });
    }
  };
}

export type StkPush = ReturnType<typeof createStkPush>;
