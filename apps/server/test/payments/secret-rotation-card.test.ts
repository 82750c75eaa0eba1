import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import type { SubscriptionPackage } from '@playon/shared/subscriptions';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { PAYSTACK_SIGNATURE_HEADER, signWebhookBody } from '../../src/platform/paystack/webhook.ts';
import { sandboxPaystackRoutes } from '../../src/sandbox/paystack/routes.ts';
import {
  createSharedDatabase,
  type Instance,
  type SharedDatabase,
  startInstance,
} from '../support/instances.ts';
import { METHOD } from '../support/money.ts';
import { freePort } from '../support/payments.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { createSandboxClock } from '../support/sandbox-clock.ts';

// Rotating PAYSTACK_SECRET_KEY (ADR 0054, docs/secret-rotation.md): the gateway signed these webhooks
// with the old key before the rotation; they reach PlayOn after it, while the previous key is still
// accepted and once it no longer is. The gateway is the card sandbox, on a port of its own, whose
// webhooks the test holds and delivers itself.

const OLD_KEY = `sk_test_old${randomUUID().replaceAll('-', '')}`;
const NEW_KEY = `sk_test_new${randomUUID().replaceAll('-', '')}`;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 60 * 60_000).toISOString();

interface HeldWebhook {
  body: string;
  signature: string;
}

let database: SharedDatabase | undefined;
let gateway: FastifyInstance | undefined;
let running: Instance | undefined;
afterAll(async () => {
  await running?.close();
  await gateway?.close();
  await database?.close();
});

/** The card gateway, signing with the old key; its webhooks are held, as if still on their way. */
async function startGateway(shared: SharedDatabase, held: HeldWebhook[]) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const clock = createSandboxClock();
  const hold: typeof fetch = async (_url, init) => {
    const headers = new Headers(init?.headers);
    held.push({ body: String(init?.body), signature: headers.get(PAYSTACK_SIGNATURE_HEADER) ?? '' });
    return new Response('{}', { status: 200 });
  };
  const app = Fastify();
  await app.register(
    sandboxPaystackRoutes(
      {
        publicUrl: base,
        sandboxPaymentDelayMs: 20,
        paystack: {
          baseUrl: `${base}/sandbox/paystack`,
          secretKey: OLD_KEY,
          webhookUrl: `${base}/unused`,
          sandbox: true,
        },
      },
      shared.opened.db,
      { send: hold, clock },
    ),
  );
  await app.listen({ port, host: '127.0.0.1' });
  return { app, clock, apiUrl: `${base}/sandbox/paystack` };
}

async function deploy(shared: SharedDatabase, env: Record<string, string>) {
  await running?.close();
  running = await startInstance(shared, env);
  return running.app;
}

/** A Bronze subscription paid by card on the gateway's checkout; the browser does not come back. */
async function paidByCard(app: Instance['app'], player: TestPlayer) {
  const packages = (
    await app.inject({ method: 'GET', url: '/api/subscription-packages/list', headers: bearer(player.token) })
  ).json().payload as SubscriptionPackage[];
  const started = await app.inject({
    method: 'POST',
    url: '/api/payments/subscribe',
    headers: { ...bearer(player.token), 'idempotency-key': randomUUID() },
    payload: {
      paymentMethodId: METHOD.CARD,
      subscriptionPackageId: packages.find((p) => p.name === 'Bronze')?.id,
    },
  });
  expect(started.statusCode, started.body).toBe(200);
  const intent = started.json().payload as PaymentIntent;
  const paid = await fetch(intent.txGwSessionUrl ?? '', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return intent;
}

const deliver = (app: Instance['app'], webhook: HeldWebhook) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/callbacks/card',
    headers: { 'content-type': 'application/json', [PAYSTACK_SIGNATURE_HEADER]: webhook.signature },
    payload: webhook.body,
  });

// Each test starts the app twice or three times on a fresh database: on a busy machine that is
// well past the suite's usual 20 s, and time is not what these tests check.
describe('rotating PAYSTACK_SECRET_KEY', { timeout: 120_000 }, () => {
  it('applies, once, a webhook signed with the previous key during the window, and refuses one after it', async () => {
    database = await createSharedDatabase();
    const held: HeldWebhook[] = [];
    const card = await startGateway(database, held);
    gateway = card.app;
    const gatewayEnv = { PAYSTACK_BASE_URL: card.apiUrl };

    const before = await deploy(database, { ...gatewayEnv, PAYSTACK_SECRET_KEY: OLD_KEY });
    const player = await signUpPlayer(before);
    const first = await paidByCard(before, player);
    const second = await paidByCard(before, player);
    await card.clock.advance(1000);
    expect(held).toHaveLength(2);
    const [early, late] = held as [HeldWebhook, HeldWebhook];
    expect(early.signature).toBe(signWebhookBody(early.body, OLD_KEY));

    const during = await deploy(database, {
      ...gatewayEnv,
      PAYSTACK_SECRET_KEY: NEW_KEY,
      PAYSTACK_SECRET_KEY_PREVIOUS: OLD_KEY,
      SECRET_ROTATION_ENDS_AT: hoursFromNow(2),
    });
    expect((await deliver(during, early)).statusCode).toBe(200);
    // The gateway sends it again (a retry): nothing moves twice.
    expect((await deliver(during, early)).statusCode).toBe(200);
    // The gateway signs with the new key from the rotation on, and anything else is refused.
    const unknown = JSON.stringify({
      event: 'charge.success',
      data: { reference: randomUUID(), amount: 100, currency: 'KES', status: 'success' },
    });
    expect(
      (await deliver(during, { body: unknown, signature: signWebhookBody(unknown, NEW_KEY) })).statusCode,
    ).toBe(200);
    expect(
      (await deliver(during, { body: unknown, signature: signWebhookBody(unknown, 'sk_test_other') }))
        .statusCode,
    ).toBe(401);

    const after = await deploy(database, {
      ...gatewayEnv,
      PAYSTACK_SECRET_KEY: NEW_KEY,
      PAYSTACK_SECRET_KEY_PREVIOUS: OLD_KEY,
      SECRET_ROTATION_ENDS_AT: hoursFromNow(-0.5),
    });
    expect((await deliver(after, late)).statusCode).toBe(401);

    const { rows } = (await database.opened.db.execute(sql`
      select i.id, i.status, count(e.id)::int as entries, count(distinct s.id)::int as subscriptions
      from payment_intents i left join journal_entries e on e.intent_id = i.id
        left join user_subscriptions s on s.intent_id = i.id
      where i.id in (${first.id}, ${second.id}) group by i.id`)) as unknown as {
      rows: { id: string; status: string; entries: number; subscriptions: number }[];
    };
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(first.id)).toMatchObject({ status: 'COMPLETED', entries: 1, subscriptions: 1 });
    // Left for the gateway's verify (reconciliation), which reads the payment with the current key.
    expect(byId.get(second.id)).toMatchObject({ status: 'IN_PROGRESS', entries: 0, subscriptions: 0 });
  });
});
