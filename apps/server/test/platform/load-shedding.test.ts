import { messages, messagesSw } from '@playon/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/payments.ts';

// Past its limits an instance refuses at once with 503 and Retry-After instead of answering late
// (ADR 0052); liveness, readiness and the metrics still answer, so nothing restarts or drains it.
const balance = (app: TestApp['app'], headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/wallets/balance', headers });
const health = (app: TestApp['app']) => app.inject({ method: 'GET', url: '/api/health' });
const ready = (app: TestApp['app']) => app.inject({ method: 'GET', url: '/api/ready' });

describe('an instance past its heap limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Any process uses more than 1 MB of heap: the limit is passed from the first sample on.
    t = await createTestApp({
      LOAD_SHED_MAX_HEAP_USED_MB: '1',
      LOAD_SHED_SAMPLE_INTERVAL_MS: '50',
      LOAD_SHED_RETRY_AFTER_SECONDS: '7',
    });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('refuses a request with 503 UNAVAILABLE, Retry-After and its request id, in the envelope', async () => {
    const refused = await eventually(
      () => balance(t.app, { 'x-request-id': 'busy-1' }),
      (answer) => answer.statusCode === 503,
    );
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('7');
    expect(refused.headers['x-request-id']).toBe('busy-1');
    expect(refused.json()).toEqual({
      statusCode: 503,
      statusMessage: messages.overloaded,
      payload: { code: 'UNAVAILABLE' },
    });
  });

  it('says so in Kiswahili to a player who reads it', async () => {
    const refused = await balance(t.app, { 'accept-language': 'sw' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().statusMessage).toBe(messagesSw.overloaded);
  });

  it('still answers the health check, the readiness check and the metrics', async () => {
    expect((await balance(t.app)).statusCode).toBe(503);
    expect((await health(t.app)).statusCode).toBe(200);
    expect((await ready(t.app)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});

describe('an instance whose event loop falls behind', () => {
  let t: TestApp;
  let blocking: NodeJS.Timeout | undefined;
  beforeAll(async () => {
    t = await createTestApp({
      LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '20',
      LOAD_SHED_MAX_HEAP_USED_MB: '0',
      LOAD_SHED_SAMPLE_INTERVAL_MS: '100',
    });
    await t.app.ready();
  });
  afterAll(async () => {
    clearInterval(blocking);
    await t.close();
  });

  it('refuses requests while the loop is blocked, answers health, and serves again once it catches up', async () => {
    // Unauthenticated, so an answer is a quick 401 when not refused.
    expect((await balance(t.app)).statusCode).toBe(401);
    // Work that holds the loop 60 ms of every 70, as a CPU-bound burst would.
    blocking = setInterval(() => {
      const until = performance.now() + 60;
      while (performance.now() < until);
    }, 70);
    const refused = await eventually(
      () => balance(t.app),
      (answer) => answer.statusCode === 503,
    );
    expect(refused.statusCode).toBe(503);
    expect(refused.json().payload).toEqual({ code: 'UNAVAILABLE' });
    expect((await health(t.app)).statusCode).toBe(200);

    clearInterval(blocking);
    const served = await eventually(
      () => balance(t.app),
      (answer) => answer.statusCode !== 503,
    );
    expect(served.statusCode).toBe(401);
  });
});
