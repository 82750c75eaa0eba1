import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import type { SubscriptionPackage } from '@playon/shared/subscriptions';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db.ts';
import {
  createSharedDatabase,
  type Instance,
  type SharedDatabase,
  startInstance,
} from '../support/instances.ts';
import { METHOD } from '../support/money.ts';
import { eventually, freePort } from '../support/payments.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { createSandboxClock } from '../support/sandbox-clock.ts';

// Rotating MPESA_CALLBACK_SECRET (ADR 0054, docs/secret-rotation.md) as a deploy does it: the
// instance that started a payment is replaced by one with the new secret while the payment's
// callback is still on its way, at the URL the old secret made. The sandboxes keep what they owe in
// the database and send it when the new instance starts, on a clock the test moves.

const OLD = `old-callback-secret-${randomUUID()}`;
const NEW = `new-callback-secret-${randomUUID()}`;
/** The sandbox's phone whose STK callback is sent twice: applied once, or money is created. */
const TWICE = '254700000006';
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 60 * 60_000).toISOString();

let database: SharedDatabase | undefined;
let running: Instance | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
  await database?.close();
  database = undefined;
});

/** One deployment on its own database and port, whose instances the test replaces as a deploy would. */
async function deployment() {
  database = await createSharedDatabase();
  const shared = database;
  const port = await freePort();
  const clock = createSandboxClock();
  return {
    clock,
    db: shared.opened.db,
    /** Replaces the running instance (if any) with one on these secrets. */
    async deploy(secrets: Record<string, string>) {
      await running?.close();
      running = await startInstance(
        shared,
        {
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          SANDBOX_PAYMENT_DELAY_MS: '20',
          ...secrets,
        },
        { port, sandboxClock: clock },
      );
      return running.app;
    },
  };
}

async function start(app: Instance['app'], player: TestPlayer, url: string, payload: object) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(player.token), 'idempotency-key': randomUUID() },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload as PaymentIntent;
}

/** The payment's status once it is final, or as it still is after the wait. */
const settledStatus = async (app: Instance['app'], player: TestPlayer, id: string) =>
  eventually(
    async () =>
      (
        (
          await app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: bearer(player.token) })
        ).json().payload as PaymentIntent
      ).status,
    (status) => status !== 'PENDING' && status !== 'IN_PROGRESS',
  );

const bronzeOf = async (app: Instance['app'], player: TestPlayer) =>
  (
    (
      await app.inject({
        method: 'GET',
        url: '/api/subscription-packages/list',
        headers: bearer(player.token),
      })
    ).json().payload as SubscriptionPackage[]
  ).find((p) => p.name === 'Bronze')?.id;

const entriesOf = async (db: Db, intentId: string) =>
  (
    (await db.execute(sql`select kind from journal_entries where intent_id = ${intentId}`)) as unknown as {
      rows: { kind: string }[];
    }
  ).rows.map((row) => row.kind);

/** The callback URLs the sandboxes hold for what they still have to send back. */
const owedCallbackUrls = async (db: Db) =>
  (
    (await db.execute(sql`
      select callback_url from sandbox_daraja_transactions where callback_sent_at is null
      union all select callback_url from sandbox_airtime_charges where callback_sent_at is null`)) as unknown as {
      rows: { callback_url: string }[];
    }
  ).rows.map((row) => row.callback_url);

// Each test starts the app twice or three times on a fresh database: on a busy machine that is
// well past the suite's usual 20 s, and time is not what these tests check.
describe('rotating MPESA_CALLBACK_SECRET', { timeout: 120_000 }, () => {
  it('applies, once, callbacks of payments started before the rotation that arrive after it; new ones carry the new secret', async () => {
    const { clock, db, deploy } = await deployment();
    const before = await deploy({ MPESA_CALLBACK_SECRET: OLD });
    const player = await signUpPlayer(before);
    const topUp = await start(before, player, '/api/payments/top-up', {
      paymentMethodId: METHOD.MPESA,
      amount: 700,
      mpesaPhoneNumber: TWICE,
    });
    const bronze = await start(before, player, '/api/payments/subscribe', {
      paymentMethodId: METHOD.AIRTIME,
      subscriptionPackageId: await bronzeOf(before, player),
      mpesaPhoneNumber: '0722123456',
    });
    const owed = await owedCallbackUrls(db);
    expect(owed).toHaveLength(2);
    for (const url of owed) expect(url).toContain(`/${OLD}`);

    const after = await deploy({
      MPESA_CALLBACK_SECRET: NEW,
      MPESA_CALLBACK_SECRET_PREVIOUS: OLD,
      SECRET_ROTATION_ENDS_AT: hoursFromNow(2),
    });
    // The providers answer now: the STK callback twice, the carrier's result once, at the old URLs.
    await clock.advance(1000);
    expect(await settledStatus(after, player, topUp.id)).toBe('COMPLETED');
    expect(await settledStatus(after, player, bronze.id)).toBe('COMPLETED');
    expect(await entriesOf(db, topUp.id)).toEqual(['TOPUP']);
    expect(await entriesOf(db, bronze.id)).toEqual(['SUBSCRIPTION']);
    const balance = await after.inject({
      method: 'GET',
      url: '/api/wallets/balance',
      headers: bearer(player.token),
    });
    expect(balance.json().payload.balance).toBe(700);

    // A payment started now gives Daraja the new secret's URL, and its callback lands there.
    const next = await start(after, player, '/api/payments/top-up', {
      paymentMethodId: METHOD.MPESA,
      amount: 50,
      mpesaPhoneNumber: '0712345678',
    });
    const [nextUrl] = await owedCallbackUrls(db);
    expect(nextUrl).toContain(`/stk/${NEW}`);
    expect(nextUrl).not.toContain(OLD);
    await clock.advance(1000);
    expect(await settledStatus(after, player, next.id)).toBe('COMPLETED');
  });

  it('refuses, as any wrong secret, a callback with the previous secret once the rotation has ended, and moves no money', async () => {
    const { clock, db, deploy } = await deployment();
    const before = await deploy({ MPESA_CALLBACK_SECRET: OLD });
    const player = await signUpPlayer(before);
    const topUp = await start(before, player, '/api/payments/top-up', {
      paymentMethodId: METHOD.MPESA,
      amount: 300,
      mpesaPhoneNumber: '0712345678',
    });
    const [url] = await owedCallbackUrls(db);

    const afterTheEnd = await deploy({
      MPESA_CALLBACK_SECRET: NEW,
      MPESA_CALLBACK_SECRET_PREVIOUS: OLD,
      SECRET_ROTATION_ENDS_AT: hoursFromNow(-0.5),
    });
    // The sandbox posts its callback to the old URL (once, as Daraja: it is not sent again).
    await clock.advance(1000);
    expect(await owedCallbackUrls(db)).toEqual([]);
    const intent = await afterTheEnd.inject({
      method: 'GET',
      url: `/api/payments/${topUp.id}`,
      headers: bearer(player.token),
    });
    expect(intent.json().payload.status).toBe('IN_PROGRESS');
    expect(await entriesOf(db, topUp.id)).toEqual([]);
    const refused = await afterTheEnd.inject({
      method: 'POST',
      url: new URL(url as string).pathname,
      payload: { Body: { stkCallback: {} } },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ ResultCode: 1, ResultDesc: 'Not found' });
    const airtimeResult = (secret: string) =>
      afterTheEnd.inject({ method: 'POST', url: `/api/payments/callbacks/airtime/${secret}`, payload: {} });
    expect((await airtimeResult(OLD)).statusCode).toBe(404);
    // The new secret's URL is there, and asks for the carrier's signature.
    expect((await airtimeResult(NEW)).statusCode).toBe(401);
  });

  it('gives out the previous secret until SECRET_ROTATION_STARTS_AT, so no callback reaches an instance not yet replaced', async () => {
    const { db, deploy } = await deployment();
    const app = await deploy({
      MPESA_CALLBACK_SECRET: NEW,
      MPESA_CALLBACK_SECRET_PREVIOUS: OLD,
      SECRET_ROTATION_STARTS_AT: hoursFromNow(1),
      SECRET_ROTATION_ENDS_AT: hoursFromNow(3),
    });
    const player = await signUpPlayer(app);
    await start(app, player, '/api/payments/top-up', {
      paymentMethodId: METHOD.MPESA,
      amount: 20,
      mpesaPhoneNumber: '0712345678',
    });
    const [url] = await owedCallbackUrls(db);
    expect(url).toContain(`/stk/${OLD}`);
    // The new secret is accepted already: an instance that switched sooner is not refused.
    const early = await app.inject({
      method: 'POST',
      url: `/api/payments/callbacks/stk/${NEW}`,
      payload: { hello: 'there' },
    });
    expect(early.statusCode).toBe(400);
  });
});
