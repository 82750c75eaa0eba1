import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsTestApp, createTestApp, type PaymentsTestApp, type TestApp } from '../support/app.ts';
import { seriesValue } from '../support/metrics.ts';
import { moneyApi } from '../support/money.ts';
import { bearer, signUpPlayer } from '../support/players.ts';
import { newVapidKeys } from '../support/vapid.ts';

// GET /metrics in the Prometheus format behind METRICS_TOKEN (ADR 0030).
const TOKEN = 'metrics-token-0123456789abcdef-0123456789';
let t: PaymentsTestApp;
let port: number;

beforeAll(async () => {
  // The M-Pesa sandbox answers on a watched clock and the job worker runs; a top-up whose callback
  // never comes is not asked about during the test (RECONCILE_AFTER_MS), so it stays open.
  t = await createPaymentsTestApp({ METRICS_TOKEN: TOKEN, RECONCILE_AFTER_MS: '3600000' });
  port = Number(new URL(t.base).port);
}, 60_000);
afterAll(() => t.close());

const scrape = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers });

describe('GET /metrics', () => {
  it('asks for the token: none or a wrong one is 401, and nothing is shown', async () => {
    for (const headers of [{}, bearer('wrong-token'), bearer(`${TOKEN}x`), { authorization: TOKEN }]) {
      const response = await scrape(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('playon_');
    }
  });

  it('shows requests per route, payments by method and outcome, open intents, jobs, sockets and the ledger', async () => {
    const player = await signUpPlayer(t.app);
    // A top-up that completes through the M-Pesa sandbox, and one whose callback never comes.
    const money = moneyApi(t);
    const paid = await money.mpesaTopUp(player, 150);
    expect(paid.status).toBe('COMPLETED');
    const open = await money.mpesaTopUp(player, 150, '0700000005', false);
    expect(open.status).not.toBe('COMPLETED');

    await t.app.jobs.enqueue('metrics-test.waiting', {}, { runAt: new Date(Date.now() - 90_000) });
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(player.token)}`);
    await new Promise((resolve) => socket.addEventListener('message', resolve, { once: true }));

    const response = await scrape(bearer(TOKEN));
    socket.close();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;

    // Requests by route pattern, never by raw path (one series per route, not per payment id).
    expect(
      seriesValue(
        text,
        'playon_http_request_duration_seconds_count{method="GET",route="/api/payments/:id",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain(
      'playon_http_request_duration_seconds_bucket{le="0.1",method="POST",route="/api/payments/top-up",status_code="200"}',
    );
    expect(text).not.toContain(paid.id);

    expect(seriesValue(text, 'playon_payments_total{method="MPESA",type="TOPUP",outcome="COMPLETED"}')).toBe(
      1,
    );
    expect(
      (seriesValue(text, 'playon_payment_intents_open{method="MPESA",type="TOPUP",status="IN_PROGRESS"}') ??
        0) +
        (seriesValue(text, 'playon_payment_intents_open{method="MPESA",type="TOPUP",status="PENDING"}') ?? 0),
    ).toBe(1);
    expect(seriesValue(text, 'playon_ledger_balance_cents{account="MPESA_CLEARING"}')).toBe(-15_000);
    expect(seriesValue(text, 'playon_ledger_balance_cents{account="PRIZES"}')).toBe(0);

    expect(seriesValue(text, 'playon_jobs{kind="metrics-test.waiting",state="due"}')).toBe(1);
    expect(
      seriesValue(text, 'playon_jobs_oldest_due_seconds{kind="metrics-test.waiting"}'),
    ).toBeGreaterThanOrEqual(90);
    expect(seriesValue(text, 'playon_websocket_connections')).toBe(1);
    for (const source of ['payments', 'ledger', 'jobs', 'callbacks']) {
      expect(seriesValue(text, `playon_metrics_source_up{source="${source}"}`), source).toBe(1);
    }
    // The process's own: memory, CPU, event loop lag.
    expect(text).toMatch(/^playon_process_resident_memory_bytes \d+/m);
    expect(text).toContain('playon_nodejs_eventloop_lag_seconds');
  }, 60_000);
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let laptop: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    laptop = await createTestApp();
    production = await createTestApp({
      NODE_ENV: 'production',
      SANDBOX: 'on',
      PUBLIC_URL: 'https://playon.example',
      // The test app is given its own database; this only satisfies production's list.
      DATABASE_URL: 'postgres://playon@127.0.0.1:1/unused',
      MPESA_CALLBACK_SECRET: 'mpesa-callback-secret-0123456789abcdef',
      ...newVapidKeys(),
    });
  }, 60_000);
  afterAll(() => Promise.all([laptop?.close(), production?.close()]));

  it('is open on a laptop', async () => {
    const response = await laptop.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('playon_http_request_duration_seconds');
  });

  it('answers 404 in production, as if there were no such page', async () => {
    expect(production.config.metrics).toEqual({ access: 'off' });
    const response = await production.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('playon_');
  });
});
