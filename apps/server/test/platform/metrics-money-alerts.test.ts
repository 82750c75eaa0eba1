import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UnmatchedCallback } from '@playon/shared/ops-money';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkedMpesaCallbacks, paymentCounts } from '../../src/modules/payments/metrics-reads.ts';
import { systemAccountBalances } from '../../src/modules/wallet/metrics-reads.ts';
import { createRedisBus } from '../../src/platform/bus/index.ts';
import { createMetrics } from '../../src/platform/metrics.ts';
import { jobQueueState } from '../../src/platform/metrics-jobs.ts';
import { createProviderRequestCounter } from '../../src/platform/metrics-providers.ts';
import { createReadiness } from '../../src/platform/readiness.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { runJobsNow } from '../support/jobs.ts';
import { scrapeMetrics, seriesValue } from '../support/metrics.ts';
import { moneyApi } from '../support/money.ts';
import { signUpOperator } from '../support/operators.ts';
import { b2cResultBody, eventually, stkCallbackBody } from '../support/payments.ts';
import { signUpPlayer } from '../support/players.ts';

// What the money alerts of deploy/prometheus/playon.rules.yml read, as GET /metrics shows it.
const WINDOW_MS = 4000;
let t: PaymentsTestApp;

beforeAll(async () => {
  // A top-up whose callback never comes stays open; nobody asks about it during the test.
  t = await createPaymentsTestApp({
    STK_UNKNOWN_GIVE_UP_MS: String(WINDOW_MS),
    RECONCILE_AFTER_MS: '3600000',
  });
}, 60_000);
afterAll(() => t.close());

/** The series' value at the next scrape that shows `wanted` (sources are read at most every 5 s). */
const seriesBecomes = async (series: string, wanted: number) =>
  eventually(
    async () => seriesValue(await scrapeMetrics(t.app), series),
    (value) => value === wanted,
    20_000,
  );

const callback = (kind: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/callbacks/mpesa/${t.config.mpesaCallbackSecret}/${kind}`,
    payload,
  });

describe('payments past their window', () => {
  it('counts a top-up still open past STK_UNKNOWN_GIVE_UP_MS, as the Stuck list shows it', async () => {
    const money = moneyApi(t);
    const player = await signUpPlayer(t.app);
    const open = await money.mpesaTopUp(player, 150, '0700000005', false);
    const series = 'playon_payment_intents_open_past_window{method="MPESA",type="TOPUP"}';
    expect(seriesValue(await scrapeMetrics(t.app), series)).toBe(0);

    expect(await seriesBecomes(series, 1)).toBe(1);
    const finance = await signUpOperator(t.app, t.database.db, 'finance');
    const stuck = await money.get('/api/ops/money/payments/stuck', finance);
    expect(stuck.json().payload.items.map((item: { id: string }) => item.id)).toEqual([open.id]);
  }, 60_000);
});

describe('M-Pesa callbacks parked for an operator', () => {
  it('starts every kind at 0, counts a payout result that matches no payout, and money in until it is credited', async () => {
    const first = await scrapeMetrics(t.app);
    for (const series of [
      'playon_mpesa_callbacks_parked{kind="stk",money_in="true"}',
      'playon_mpesa_callbacks_parked{kind="stk",money_in="false"}',
      'playon_mpesa_callbacks_parked{kind="b2c/result",money_in="false"}',
      'playon_mpesa_callbacks_parked{kind="status/result",money_in="false"}',
    ]) {
      expect(seriesValue(first, series), series).toBe(0);
    }

    const forged = b2cResultBody({
      originatorConversationId: randomUUID(),
      conversationId: 'AG_20261121_forged',
      resultCode: 0,
      amount: 500,
      transactionId: 'SBX1111111',
      phone: '254712345678',
    });
    expect((await callback('b2c/result', forged)).statusCode).toBe(200);
    expect(await seriesBecomes('playon_mpesa_callbacks_parked{kind="b2c/result",money_in="false"}', 1)).toBe(
      1,
    );

    // Money came in for a checkout no payment has: kept, matched for a while, then left for a person.
    const receipt = `SBX${Date.now().toString().slice(-7)}`;
    const paid = stkCallbackBody({
      merchantRequestId: `mr-${receipt}`,
      checkoutRequestId: `ws_CO_${receipt}`,
      resultCode: 0,
      amount: 250,
      receipt,
      phone: '254712999888',
    });
    expect((await callback('stk', paid)).statusCode).toBe(200);
    await runJobsNow(t.database.db, t.app.jobs, 'payments.stk-callback', { attempts: 10 });
    const moneyIn = 'playon_mpesa_callbacks_parked{kind="stk",money_in="true"}';
    expect(await seriesBecomes(moneyIn, 1)).toBe(1);

    const money = moneyApi(t);
    const finance = await signUpOperator(t.app, t.database.db, 'finance');
    const player = await signUpPlayer(t.app);
    const kept = (await money.get(`/api/ops/money/unmatched?q=${receipt}`, finance)).json().payload
      .items as UnmatchedCallback[];
    expect(kept).toHaveLength(1);
    const credited = await money.post(`/api/ops/money/unmatched/${kept[0]?.id}/resolve`, finance, {
      uid: player.uid,
      reason: 'Paid from their phone, confirmed on the M-Pesa statement',
    });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(await seriesBecomes(moneyIn, 0)).toBe(0);
  }, 60_000);
});

describe('requests to the payment providers', () => {
  it('counts what Daraja answered for the top-ups above', async () => {
    const text = await scrapeMetrics(t.app);
    expect(
      seriesValue(text, 'playon_provider_requests_total{provider="MPESA",outcome="answered"}'),
    ).toBeGreaterThan(0);
    expect(seriesValue(text, 'playon_provider_requests_total{provider="CARD",outcome="unreachable"}')).toBe(
      0,
    );
  });

  it('counts a provider that answers 5xx as failed and one that cannot be reached as unreachable', async () => {
    const failing = createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const { port } = failing.address() as AddressInfo;
    const registry = new Registry();
    const providerFetch = createProviderRequestCounter(registry);
    try {
      expect(
        (await providerFetch('MPESA')(`http://127.0.0.1:${port}/mpesa/stkpush/v1/processrequest`)).status,
      ).toBe(503);
    } finally {
      await new Promise((resolve) => failing.close(resolve));
    }
    await expect(providerFetch('CARD')(`http://127.0.0.1:${port}/transaction/verify/x`)).rejects.toThrow();

    const text = await registry.metrics();
    expect(seriesValue(text, 'playon_provider_requests_total{provider="MPESA",outcome="failed"}')).toBe(1);
    expect(seriesValue(text, 'playon_provider_requests_total{provider="CARD",outcome="unreachable"}')).toBe(
      1,
    );
    expect(text).not.toContain('/transaction/verify');
  });
});

describe('what this instance reaches', () => {
  it('shows the database up, and Redis up where REDIS_URL is set', async () => {
    const text = await scrapeMetrics(t.app);
    expect(seriesValue(text, 'playon_dependency_up{dependency="database"}')).toBe(1);
    expect(seriesValue(text, 'playon_dependency_up{dependency="redis"}')).toBe(
      t.config.redisUrl ? 1 : undefined,
    );
  });

  it('shows Redis down when nothing answers at REDIS_URL, as /api/ready does', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const redis = createRedisBus(`redis://127.0.0.1:${port}`, t.app.log);
    const readiness = createReadiness({ database: t.database, redis });
    const { db } = t.database;
    const metrics = createMetrics(
      {
        payments: () => paymentCounts(db, WINDOW_MS),
        ledger: () => systemAccountBalances(db),
        jobs: () => jobQueueState(db),
        callbacks: () => parkedMpesaCallbacks(db),
        dependencies: () => readiness.check(),
        sockets: () => 0,
      },
      t.app.log,
    );
    try {
      const text = await metrics.text();
      expect(seriesValue(text, 'playon_dependency_up{dependency="redis"}')).toBe(0);
      expect(seriesValue(text, 'playon_dependency_up{dependency="database"}')).toBe(1);
    } finally {
      await redis.close();
    }
  });
});
