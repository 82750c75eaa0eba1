import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { eventually } from './payments.ts';
import { bearer, type TestPlayer } from './players.ts';

/**
 * A player's calls to the payment API, as the app makes them: `app` is read at each call, so the
 * helpers can be made before `beforeAll` builds the app.
 */
export function playerApi(app: () => FastifyInstance) {
  const get = (player: TestPlayer, url: string) =>
    app().inject({ method: 'GET', url, headers: bearer(player.token) });
  const intent = async (player: TestPlayer, id: string) =>
    (await get(player, `/api/payments/${id}`)).json().payload as PaymentIntent;
  /** A money-moving POST, each with its own Idempotency-Key. */
  const post = (player: TestPlayer, url: string, payload: object) =>
    app().inject({
      method: 'POST',
      url,
      headers: { ...bearer(player.token), 'idempotency-key': randomUUID() },
      payload,
    });
  /** The payment once it reached a final state (or as it is when the wait runs out). */
  const final = (player: TestPlayer, id: string) =>
    eventually(
      () => intent(player, id),
      (i) => ['COMPLETED', 'ERROR', 'CANCELLED'].includes(i.status),
    );
  return {
    post,
    get,
    intent,
    final,
    /** An M-Pesa top-up the sandbox completes, waited for and checked. */
    async toppedUp(player: TestPlayer, amount: number) {
      const started = await post(player, '/api/payments/top-up', {
        paymentMethodId: 2,
        amount,
        mpesaPhoneNumber: '0712345678',
      });
      expect(started.statusCode, started.body).toBe(200);
      const done = await final(player, (started.json().payload as PaymentIntent).id);
      expect(done.status).toBe('COMPLETED');
      return done;
    },
    balance: async (player: TestPlayer) =>
      (await get(player, '/api/wallets/balance')).json().payload.balance as number,
  };
}
