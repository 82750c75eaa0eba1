import type { FastifyBaseLogger } from 'fastify';
import { type DarajaClient, DarajaError } from '../../../../platform/daraja/client.ts';
import { type StkRefusal, stkRefusalOf } from '../../../../platform/daraja/stk-refusals.ts';
import { failureOf, type RecordEvent } from '../../events.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRow } from '../../intents/repo.ts';
import { paymentMessages } from '../../messages.ts';
import type { CallbackUrl } from './callback-urls.ts';

/**
 * Each documented refusal of an STK Push (platform/daraja/stk-refusals.ts): nothing reached the
 * phone, so the intent fails at once with what the player reads; `operators` when no top-up can
 * start until someone fixes our Daraja settings (logged at error level, ADR 0075).
 */
const REFUSALS: Record<StkRefusal, { message: string; operators: boolean }> = {
  'subscriber-busy': { message: paymentMessages.mpesaPhoneBusy, operators: false },
  'merchant-unknown': { message: paymentMessages.mpesaUnavailable, operators: true },
  'wrong-credentials': { message: paymentMessages.mpesaUnavailable, operators: true },
  'spike-arrest': { message: paymentMessages.mpesaBusy, operators: false },
  quota: { message: paymentMessages.mpesaUnavailable, operators: true },
  'bad-request': { message: paymentMessages.mpesaFailed, operators: false },
};

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
      const refusal = stkRefusalOf(error);
      if (refusal !== 'unknown') {
        const { message, operators } = REFUSALS[refusal];
        const said = { err: error, intentId: created.id, refusal, code: error.code };
        if (operators)
          log.error(
            said,
            'STK push refused: M-Pesa top-ups cannot start until the Daraja settings are fixed',
          );
        else log.warn(said, 'STK push refused');
        return lifecycle.fail(created, 'ERROR', { message });
      }
      // Timed out, unreachable or an undocumented 5xx: the push may have reached the phone. Never
      // shown as failed; its callback is matched by phone and amount, or an operator decides
      // (reconciliation).
      log.warn({ err: error, intentId: created.id }, 'STK push outcome unknown');
      return lifecycle.progress(created, { message: paymentMessages.waitingForMpesa });
    }
  };
}

export type StkPush = ReturnType<typeof createStkPush>;
