import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { eventually, freePort } from './payments.ts';
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

/**
 * The whole app listening on a free port, so the sandboxes call it back as the providers would, on
 * `clock`: a callback leaves only when the test moves the clock. `env` adds to the app's settings.
 */
export async function createClockedTestApp(
  clock: ReturnType<typeof createSandboxClock>,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const port = await freePort();
  const t = await createTestApp(
    {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SANDBOX_PAYMENT_DELAY_MS: '20',
      ...env,
    },
    { sandboxClock: clock },
  );
  await t.app.listen({ port, host: '127.0.0.1' });
  return t;
}
