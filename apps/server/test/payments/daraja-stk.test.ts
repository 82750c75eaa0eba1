import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDarajaClient, type DarajaClient, DarajaError } from '../../src/platform/daraja/client.ts';
import { STK_REFUSALS, stkRefusalOf } from '../../src/platform/daraja/stk-refusals.ts';
import { stkPassword } from '../../src/platform/daraja/time.ts';
import type { TestApp } from '../support/app.ts';
import { createProviderSandbox } from '../support/provider-sandbox.ts';

// STK Push as Daraja refuses it (docs/mpesa-sandbox.md, ADR 0075): the HTTP 500 refusals by test
// phone, spike arrest above SANDBOX_DARAJA_SPIKE_ARREST_PER_SECOND on the sandbox's clock, and a
// paybill merchant that has no till to buy goods at.
const SPIKE_LIMIT = 3;
const sandbox = createProviderSandbox({
  delayMs: 200,
  env: () => ({ SANDBOX_DARAJA_SPIKE_ARREST_PER_SECOND: String(SPIKE_LIMIT) }),
});
const { clock } = sandbox;

let t: TestApp;
let base: string;
let hooks: string;
beforeAll(async () => {
  ({ t, base, hooks } = await sandbox.start());
});
afterAll(() => sandbox.close());

/** A client on the sandbox whose requests (path and body) are kept in `sent`. */
function client(overrides: Partial<Parameters<typeof createDarajaClient>[0]> = {}) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const keeping: typeof fetch = (input, init) => {
    const path = new URL(String(input)).pathname.replace('/sandbox/daraja', '');
    if (path.startsWith('/mpesa/')) sent.push({ path, body: JSON.parse(String(init?.body)) });
    return fetch(input, init);
  };
  const daraja: DarajaClient = createDarajaClient({
    ...t.config.daraja,
    baseUrl: `${base}/sandbox/daraja`,
    fetch: keeping,
    ...overrides,
  });
  return { daraja, sent };
}

const push = (daraja: DarajaClient, phone: string) =>
  daraja.stkPush({
    phone,
    amount: 100,
    accountReference: 'PlayOn',
    description: 'Wallet top up',
    callbackUrl: `${hooks}/stk`,
  });

/** The refusal a push met: its HTTP status, Daraja's code and message. */
async function refusalOf(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DarajaError);
  const { status, code, message } = error as DarajaError;
  return { status, code, message, refusal: stkRefusalOf(error as DarajaError) };
}

/** Each push in its own second of the sandbox's clock, so spike arrest stays out of the way. */
const nextSecond = () => clock.advance(1000);

describe('Daraja sandbox: STK Push refused with HTTP 500, by phone', () => {
  it.each([
    ['254700000011', '500.001.1001', /Unable to lock subscriber/, 'subscriber-busy'],
    ['254700000012', '500.001.1001', /Merchant does not exist/, 'merchant-unknown'],
    ['254700000013', '500.001.1001', /Wrong credentials/, 'wrong-credentials'],
    ['254700000014', '500.003.02', /Spike Arrest/i, 'spike-arrest'],
    ['254700000015', '500.003.03', /Quota Violation/i, 'quota'],
  ])('%s is refused with %s, which the client names', async (phone, code, message, refusal) => {
    await nextSecond();
    const { daraja } = client();
    const refused = await refusalOf(push(daraja, phone));
    expect(refused).toMatchObject({ status: 500, code, refusal });
    expect(refused.message).toMatch(message);
    // Nothing reached the phone: no callback ever comes.
    await clock.advance(60_000);
    expect(sandbox.at('/stk')).toHaveLength(0);
  });

  it('names every documented refusal, and leaves a 500.001.1001 it does not know, or a bare 5xx, unknown', () => {
    expect(new Set(STK_REFUSALS.map((entry) => entry.refusal)).size).toBe(STK_REFUSALS.length);
    const error = (status: number, code: string | null, message: string) =>
      stkRefusalOf(new DarajaError(message, status, code));
    expect(error(500, '500.001.1001', 'Internal Server Error')).toBe('unknown');
    expect(error(503, null, 'Service Unavailable')).toBe('unknown');
    expect(error(0, null, 'M-Pesa could not be reached: timed out')).toBe('unknown');
    expect(error(400, '400.002.02', 'Bad Request - Invalid PhoneNumber')).toBe('bad-request');
    // Spike arrest and quota are named by their code whatever the status they came with.
    expect(error(429, '500.003.02', 'Spike arrest violation')).toBe('spike-arrest');
  });
});

describe('Daraja sandbox: spike arrest', () => {
  it(`accepts ${SPIKE_LIMIT} pushes a second and refuses the next with 500.003.02, until a second has passed`, async () => {
    await nextSecond();
    const { daraja } = client();
    for (let i = 0; i < SPIKE_LIMIT; i++) await push(daraja, '254712345678');
    const arrested = await refusalOf(push(daraja, '254712345678'));
    expect(arrested).toMatchObject({ status: 500, code: '500.003.02', refusal: 'spike-arrest' });

    await nextSecond();
    expect((await push(daraja, '254712345678')).checkoutRequestId).toMatch(/^ws_CO_/);
  });
});

describe('Daraja client: paybill and till', () => {
  it('pays the paybill at its own short code with CustomerPayBillOnline', async () => {
    await nextSecond();
    const { daraja, sent } = client();
    await push(daraja, '254712345678');
    expect(sent[0]?.body).toMatchObject({
      BusinessShortCode: t.config.daraja.shortCode,
      TransactionType: 'CustomerPayBillOnline',
      PartyB: t.config.daraja.shortCode,
    });
  });

  it('pays a till at its number under its store, the password built on the store', async () => {
    await nextSecond();
    const store = t.config.daraja.shortCode;
    const { daraja, sent } = client({ tillNumber: '5432109' });
    // This sandbox plays a paybill merchant: it has no till to buy goods at.
    const refused = await refusalOf(push(daraja, '254712345678'));
    expect(refused).toMatchObject({ status: 500, code: '500.001.1001', refusal: 'merchant-unknown' });
    const body = sent[0]?.body as Record<string, string>;
    expect(body).toMatchObject({
      BusinessShortCode: store,
      TransactionType: 'CustomerBuyGoodsOnline',
      PartyA: '254712345678',
      PartyB: '5432109',
      PhoneNumber: '254712345678',
    });
    expect(body.Password).toBe(stkPassword(store, t.config.daraja.passkey, body.Timestamp as string));
  });
});
