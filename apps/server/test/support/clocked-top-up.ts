import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { eventually } from './payments.ts';
import { bearer, type TestPlayer } from './players.ts';
import type { createSandboxClock } from './sandbox-clock.ts';

/**
 * An M-Pesa top-up through the sandbox on a clock the test moves, waited for until it completes. The
 * callback leaves once the top-up's answer (with its checkout id) is stored, never before: on the
 * real clock a busy machine let the sandbox's 20 ms callback outrun that write, and the callback
 * then waits for a job worker these apps do not run (notifications-language failed so).
 */
export async function clockedTopUp(
  app: FastifyInstance,
  clock: ReturnType<typeof createSandboxClock>,
  player: TestPlayer,
  amount: number,
): Promise<PaymentIntent> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/payments/top-up',
    headers: { ...bearer(player.token), 'idempotency-key': randomUUID() },
    payload: { paymentMethodId: 2, amount, mpesaPhoneNumber: '0712345678' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { id } = started.json().payload as PaymentIntent;
  // The customer answers the prompt: the sandbox posts its callback and we answer it.
  await clock.advance(1000);
  const done = await eventually(
    async () =>
      (await app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: bearer(player.token) })).json()
        .payload as PaymentIntent,
    (intent) => intent.status === 'COMPLETED',
  );
  expect(done.status).toBe('COMPLETED');
  return done;
}
