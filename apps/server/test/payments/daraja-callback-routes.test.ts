import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callbackKinds,
  mpesaCallbackUrls,
} from '../../src/modules/payments/providers/mpesa/callback-urls.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

// Where Daraja calls back (ADR 0075): paths without the words Safaricom filters out of callback URLs,
// the former paths still answered for requests sent before, and, when
// MPESA_CALLBACK_ALLOWED_ADDRESSES lists any, only those addresses, read behind TRUST_PROXY_HOPS.

/** Words Daraja refuses in a registered callback URL, in any case. */
const FILTERED = /m-?pesa|safaricom|exe|exec|cmd|sql|query/i;

/** The paths Daraja may call for one kind: today's, and the one given out before ADR 0075. */
const pathsOf = (secret: string) =>
  callbackKinds.map((kind) => ({
    kind,
    today: new URL(mpesaCallbackUrls('https://playon.example', () => secret)(kind)).pathname,
    former: `/api/payments/callbacks/mpesa/${secret}/${kind}`,
  }));

/** A malformed body reaches the handler (400 Rejected); anything stopped before it answers otherwise. */
const call = (t: TestApp, url: string, remoteAddress = '127.0.0.1', forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { not: 'a callback' },
  });

describe('Daraja callback paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives out URLs naming neither M-Pesa nor Safaricom, nor any word Daraja filters', () => {
    for (const { kind, today } of pathsOf(t.config.mpesaCallbackSecret)) {
      expect(today.replace(t.config.mpesaCallbackSecret, ''), kind).not.toMatch(FILTERED);
      expect(today).toContain(t.config.mpesaCallbackSecret);
    }
  });

  it('answers each kind at its path and at its former one, the secret checked at both', async () => {
    for (const { kind, today, former } of pathsOf(t.config.mpesaCallbackSecret)) {
      for (const url of [today, former]) {
        const answer = await call(t, url);
        expect(answer.statusCode, `${kind} at ${url}`).toBe(400);
        expect(answer.json()).toEqual({ ResultCode: 1, ResultDesc: 'Rejected' });
      }
    }
    for (const { kind, today, former } of pathsOf('not-the-secret')) {
      for (const url of [today, former]) expect((await call(t, url)).statusCode, kind).toBe(404);
    }
  });

  it('lets any address call while no address is listed', async () => {
    const [stk] = pathsOf(t.config.mpesaCallbackSecret);
    expect((await call(t, stk?.today as string, '203.0.113.9')).statusCode).toBe(400);
  });
});

describe('the callback allow-list', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {
        MPESA_CALLBACK_ALLOWED_ADDRESSES: '196.201.214.200,196.201.212.0/24',
        TRUST_PROXY_HOPS: '1',
        LOG_LEVEL: 'warn',
      },
      { logStream: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(() => t.close());

  const proxy = '10.0.0.2';

  it('lets a listed address or block call, as the proxy in front names it', async () => {
    for (const { kind, today, former } of pathsOf(t.config.mpesaCallbackSecret)) {
      for (const [url, client] of [
        [today, '196.201.214.200'],
        [former, '196.201.212.77'],
      ] as const) {
        expect((await call(t, url, proxy, client)).statusCode, `${kind} from ${client}`).toBe(400);
      }
    }
  });

  it('refuses any other address with 403 before looking at the secret, and logs it', async () => {
    for (const { kind, today, former } of pathsOf(t.config.mpesaCallbackSecret)) {
      for (const url of [today, former]) {
        const answer = await call(t, url, proxy, '203.0.113.9');
        expect(answer.statusCode, kind).toBe(403);
        expect(answer.json()).toEqual({ ResultCode: 1, ResultDesc: 'Forbidden' });
      }
    }
    const [stk] = pathsOf('not-the-secret');
    expect((await call(t, stk?.today as string, proxy, '203.0.113.9')).statusCode).toBe(403);
    expect(
      lines.some((line) => {
        const entry = JSON.parse(line) as { msg: string; address?: string };
        return entry.msg.includes('not allowed') && entry.address === '203.0.113.9';
      }),
    ).toBe(true);
  });

  it('believes only the trusted hop: a listed address the caller wrote itself is refused', async () => {
    const [stk] = pathsOf(t.config.mpesaCallbackSecret);
    // The proxy appends the address it saw; the caller's own X-Forwarded-For entry comes before it.
    const forged = await call(t, stk?.today as string, proxy, '196.201.214.200, 203.0.113.9');
    expect(forged.statusCode).toBe(403);
    // TRUST_PROXY_HOPS=1 says the socket is our proxy: the address it names is believed, so the
    // server must be reachable only through it (docs/deploy.md).
    expect((await call(t, stk?.today as string, '203.0.113.9', '196.201.214.200')).statusCode).toBe(400);
  });

  it('leaves the card and airtime callbacks alone', async () => {
    const card = await call(t, '/api/payments/callbacks/card', proxy, '203.0.113.9');
    expect(card.statusCode).not.toBe(403);
  });
});
