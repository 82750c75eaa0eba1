import { IDEMPOTENCY_HEADER } from '@playon/shared/payments';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { ApiError } from './api-error';
import { API_TIMEOUT_MS, apiFetch } from './api-fetch';

const envelope = (statusCode: number, statusMessage: string, payload: unknown) => ({
  status: statusCode,
  body: { statusCode, statusMessage, payload },
});
const intent = envelope(200, 'Check your phone to complete the payment.', { id: 'intent-1' });
const busy = envelope(409, 'Another update operation is currently underway.', { code: 'BUSY' });
const badGateway = { status: 502, body: '<html>502 Bad Gateway</html>' };
const unavailable = { status: 503, body: '<html>503 Service Unavailable</html>' };
const dropped = (): never => {
  throw new TypeError('Failed to fetch');
};

const topUpBody = { paymentMethodId: 'mpesa', amount: 100, mpesaPhoneNumber: '+254712345678' };
const key = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function topUp(options: { key?: string; signal?: AbortSignal } = {}) {
  return apiFetch<{ id: string }>('/payments/top-up', {
    method: 'POST',
    json: topUpBody,
    token: 't',
    ...(options.key ? { headers: { [IDEMPOTENCY_HEADER]: options.key } } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** The top-up endpoint answering each call with the next of `answers`. */
function topUpAnswers(...answers: Array<(() => never) | { status: number; body: unknown }>) {
  let next = 0;
  return stubFetch({
    'POST /api/payments/top-up': () => {
      const answer = answers[Math.min(next++, answers.length - 1)];
      return typeof answer === 'function' ? answer() : (answer as { status: number; body: unknown });
    },
  });
}

/** The call's outcome once every backoff has passed on the fake clock. */
async function outcomeOf<T>(call: Promise<T>): Promise<T | unknown> {
  const settled = call.catch((error: unknown) => error);
  await vi.advanceTimersByTimeAsync(10_000);
  return settled;
}

describe('a payment sent with its Idempotency-Key while an instance goes away', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is sent again under the same key and body when the connection drops, and the player gets the payment', async () => {
    const calls = topUpAnswers(dropped, intent);
    await expect(outcomeOf(topUp({ key }))).resolves.toMatchObject({ payload: { id: 'intent-1' } });
    expect(calls).toHaveLength(2);
    expect(calls.map((call) => call.headers[IDEMPOTENCY_HEADER])).toEqual([key, key]);
    expect(calls.map((call) => call.body)).toEqual([topUpBody, topUpBody]);
  });

  it('is sent again after a 502 and a 503 from nginx during a rolling deploy', async () => {
    const calls = topUpAnswers(badGateway, unavailable, intent);
    await expect(outcomeOf(topUp({ key }))).resolves.toMatchObject({ payload: { id: 'intent-1' } });
    expect(calls.map((call) => call.headers[IDEMPOTENCY_HEADER])).toEqual([key, key, key]);
    expect(calls.map((call) => call.body)).toEqual([topUpBody, topUpBody, topUpBody]);
  });

  it('is sent again while the first request under the key is still running (409 BUSY)', async () => {
    const calls = topUpAnswers(busy, intent);
    await expect(outcomeOf(topUp({ key }))).resolves.toMatchObject({ payload: { id: 'intent-1' } });
    expect(calls.map((call) => call.headers[IDEMPOTENCY_HEADER])).toEqual([key, key]);
  });

  it('gives up after four attempts with the last answer', async () => {
    const calls = topUpAnswers(dropped, badGateway, dropped, unavailable);
    const failure = (await outcomeOf(topUp({ key }))) as ApiError;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(503);
    expect(calls).toHaveLength(4);
  });

  it('takes a 500 as final: the server answered, and a repeat would not learn more', async () => {
    const calls = topUpAnswers(envelope(500, 'Something went wrong.', { code: 'INTERNAL' }), intent);
    const failure = (await outcomeOf(topUp({ key }))) as ApiError;
    expect(failure.status).toBe(500);
    expect(calls).toHaveLength(1);
  });

  it("takes a player's error as final: not enough money, or the key reused for another body", async () => {
    const calls = topUpAnswers(
      envelope(409, 'Not enough money in your wallet.', { code: 'INSUFFICIENT_FUNDS' }),
      envelope(409, 'This Idempotency-Key was already used for a different request.', { code: 'CONFLICT' }),
      intent,
    );
    expect(((await outcomeOf(topUp({ key }))) as ApiError).code).toBe('INSUFFICIENT_FUNDS');
    expect(((await outcomeOf(topUp({ key }))) as ApiError).code).toBe('CONFLICT');
    expect(calls).toHaveLength(2);
  });

  it('never sends a request without a key twice, which could run twice', async () => {
    const calls = topUpAnswers(unavailable, intent);
    const failure = (await outcomeOf(topUp())) as ApiError;
    expect(failure.status).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it("does not send again when the call's 20 seconds are spent before a repeat could go", async () => {
    const attempts = vi.fn(
      () =>
        new Promise<Response>((_resolve, reject) =>
          setTimeout(() => reject(new TypeError('Failed to fetch')), API_TIMEOUT_MS - 200),
        ),
    );
    vi.stubGlobal('fetch', attempts);
    const settled = topUp({ key }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 5_000);
    expect(attempts).toHaveBeenCalledTimes(1);
    expect(((await settled) as ApiError).kind).toBe('network');
  });

  it('stops retrying when the caller aborts while it waits to send again', async () => {
    const calls = topUpAnswers(dropped, intent);
    const leaving = new AbortController();
    const settled = topUp({ key, signal: leaving.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    leaving.abort();
    const failure = await outcomeOf(settled);
    expect((failure as Error).name).toBe('AbortError');
    expect(calls).toHaveLength(1);
  });
});
