import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AIRTIME_RESULT,
  AIRTIME_SIGNATURE_HEADER,
  parseChargeResult,
  playerMessageForAirtimeResult,
  signCallbackBody,
  verifyCallbackSignature,
} from '../../src/platform/airtime/callbacks.ts';
import { type AirtimeClient, AirtimeError, createAirtimeClient } from '../../src/platform/airtime/client.ts';
import { sandboxAirtimeRoutes } from '../../src/sandbox/airtime/routes.ts';
import { sandboxAirtimeCharges } from '../../src/sandbox/airtime/schema.ts';
import type { TestApp } from '../support/app.ts';
import { freePort } from '../support/payments.ts';
import {
  countingFetch,
  createProviderSandbox,
  statusWith,
  twoMoreInstances,
} from '../support/provider-sandbox.ts';

const DELAY_MS = 300;
const CHARGE_ID = /^CB_\d{8}_[0-9a-f]{20}$/;

const sandbox = createProviderSandbox({ delayMs: DELAY_MS });
/** The carrier's time: nothing it delays happens until the test moves it on. */
const { clock } = sandbox;
/** Lets the carrier's delay pass and returns the results posted to `path`, which must be exactly `count`. */
const results = sandbox.deliveredTo;

let t: TestApp;
let base: string;
let hooks: string;

function client(overrides: Partial<Parameters<typeof createAirtimeClient>[0]> = {}): AirtimeClient {
  return createAirtimeClient({ ...t.config.airtime, baseUrl: `${base}/sandbox/airtime`, ...overrides });
}

let sequence = 0;
const path = (name: string) => `/${name}/${++sequence}`;
const newReference = () => `SUB-${Date.now().toString(36)}-${++sequence}`;

beforeAll(async () => {
  ({ t, base, hooks } = await sandbox.start());
});
afterAll(() => sandbox.close());

describe('airtime client: access token', () => {
  it('fetches one token for concurrent charges and reuses it', async () => {
    const counter = countingFetch('/sandbox/airtime');
    const airtime = client({ fetch: counter.fetch });
    const charges = await Promise.all(
      Array.from({ length: 5 }, () =>
        airtime.charge({
          msisdn: '254712345678',
          amount: 10,
          reference: newReference(),
          description: 'Bronze daily package',
          callbackUrl: `${hooks}${path('token')}`,
        }),
      ),
    );
    expect(new Set(charges.map((charge) => charge.chargeId)).size).toBe(5);
    await airtime.getCharge(charges[0]?.chargeId as string);
    expect(counter.oauth()).toBe(1);
    expect(counter.calls.filter((call) => call.startsWith('/v1/'))).toHaveLength(6);
  });

  it('renews the token once when the carrier answers 401, then retries the call', async () => {
    const calls: string[] = [];
    let spoiled = false;
    const spoiling: typeof fetch = (input, init) => {
      const url = new URL(String(input));
      calls.push(url.pathname.replace('/sandbox/airtime', ''));
      if (!spoiled && url.pathname.includes('/v1/charges')) {
        spoiled = true;
        return fetch(input, { ...init, headers: { ...init?.headers, authorization: 'Bearer revoked' } });
      }
      return fetch(input, init);
    };
    const charged = await client({ fetch: spoiling }).charge({
      msisdn: '254712345678',
      amount: 10,
      reference: newReference(),
      description: 'Bronze daily package',
      callbackUrl: `${hooks}${path('retry')}`,
    });
    expect(charged.chargeId).toMatch(CHARGE_ID);
    expect(calls).toEqual(['/oauth/v1/generate', '/v1/charges', '/oauth/v1/generate', '/v1/charges']);
  });

  it('refuses bad consumer credentials with the carrier’s error', async () => {
    const error = await client({ consumerSecret: 'wrong' })
      .getCharge('CB_x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AirtimeError);
    expect(error).toMatchObject({
      status: 400,
      code: '400.008.01',
      message: 'Invalid Authentication passed',
    });
  });

  it('reports an unreachable carrier as AirtimeError with status 0', async () => {
    const closed = await freePort();
    const error = await client({ baseUrl: `http://127.0.0.1:${closed}` })
      .getCharge('CB_x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AirtimeError);
    expect(error).toMatchObject({ status: 0, code: null });
  });
});

describe('airtime client: requests it refuses to send', () => {
  it('refuses fractions, amounts out of range and malformed numbers before calling the carrier', async () => {
    const counter = countingFetch('/sandbox/airtime');
    const airtime = client({ fetch: counter.fetch });
    const charge = { msisdn: '254712345678', reference: 'r', description: 'd', callbackUrl: hooks };
    for (const amount of [0, 10.5, 10_001]) {
      await expect(airtime.charge({ ...charge, amount })).rejects.toThrow(RangeError);
    }
    await expect(airtime.charge({ ...charge, amount: 10, msisdn: '0712345678' })).rejects.toThrow(/2547/);
    expect(counter.calls).toEqual([]);
  });
});

describe('airtime sandbox: validation', () => {
  async function token() {
    const { consumerKey, consumerSecret } = t.config.airtime;
    const response = await fetch(`${base}/sandbox/airtime/oauth/v1/generate?grant_type=client_credentials`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`,
      },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { access_token: string; expires_in: string };
    expect(body.expires_in).toBe('3599');
    return body.access_token;
  }

  const chargeBody = () => ({
    msisdn: '254712345678',
    amount: 20,
    reference: newReference(),
    description: 'Bronze daily package',
    callbackUrl: `${hooks}/raw`,
  });

  async function post(body: unknown, bearer?: string) {
    const response = await fetch(`${base}/sandbox/airtime/v1/charges`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('accepts a charge with 202 and ACCEPTED', async () => {
    const body = chargeBody();
    const answer = await post(body, await token());
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({
      chargeId: expect.stringMatching(CHARGE_ID),
      reference: body.reference,
      status: 'ACCEPTED',
    });
  });

  it('refuses a call without a valid token', async () => {
    for (const bearer of [undefined, 'forged.token']) {
      const answer = await post(chargeBody(), bearer);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    }
  });

  it('refuses a wrong grant type and missing or bad fields, naming the field', async () => {
    const grant = await fetch(`${base}/sandbox/airtime/oauth/v1/generate?grant_type=password`);
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ errorCode: '400.008.02' });

    const bearer = await token();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...chargeBody(), msisdn: '0712345678' }, 'msisdn'],
      [{ ...chargeBody(), amount: 1.5 }, 'amount'],
      [{ ...chargeBody(), amount: 0 }, 'amount'],
      [{ ...chargeBody(), amount: 10_001 }, 'amount'],
      [{ ...chargeBody(), amount: '20' }, 'amount'],
      [{ ...chargeBody(), reference: '' }, 'reference'],
      [{ ...chargeBody(), description: undefined }, 'description'],
      [{ ...chargeBody(), callbackUrl: 'ftp://x' }, 'callbackUrl'],
    ];
    for (const [body, field] of cases) {
      const answer = await post(body, bearer);
      expect(answer.status, field).toBe(400);
      expect(answer.body).toMatchObject({
        errorCode: '400.002.02',
        errorMessage: `Bad Request - Invalid ${field}`,
      });
    }
    const notJson = await post('{"amount":', bearer);
    expect(notJson).toMatchObject({ status: 400, body: { errorCode: '400.002.02' } });
  });

  it('answers 404 for an unknown charge; findCharge gives null', async () => {
    await expect(client().getCharge('CB_20260101_00000000000000000000')).rejects.toMatchObject({
      status: 404,
      code: '404.002.01',
      message: 'Charge not found',
    });
    expect(await client().findCharge('never-sent')).toBeNull();
  });
});

describe('airtime sandbox: outcomes by number', () => {
  const outcomes: [string, number][] = [
    ['254712345678', AIRTIME_RESULT.SUCCESS],
    ['254110000000', AIRTIME_RESULT.SUCCESS],
    ['254700000001', AIRTIME_RESULT.CANCELLED],
    ['254700000002', AIRTIME_RESULT.INSUFFICIENT_AIRTIME],
    ['254700000003', AIRTIME_RESULT.REFUSED],
    ['254700000004', AIRTIME_RESULT.UNREACHABLE],
  ];

  it.each(outcomes)('%s ends with resultCode %i in one signed result', async (msisdn, code) => {
    const airtime = client();
    const callbackPath = path('charge');
    const reference = newReference();
    const charged = await airtime.charge({
      msisdn,
      amount: 15,
      reference,
      description: 'Bronze daily package',
      callbackUrl: `${hooks}${callbackPath}`,
    });
    expect(charged).toEqual({ chargeId: expect.stringMatching(CHARGE_ID), status: 'ACCEPTED' });
    // The subscriber has not confirmed yet.
    expect(await airtime.getCharge(charged.chargeId)).toMatchObject({
      chargeId: charged.chargeId,
      reference,
      status: 'PENDING',
      resultCode: null,
      completedAt: null,
    });

    const [delivery] = await results(callbackPath);
    if (!delivery) throw new Error('no result');
    const signature = delivery.headers[AIRTIME_SIGNATURE_HEADER] as string;
    expect(verifyCallbackSignature(delivery.raw, signature, t.config.airtime.consumerSecret)).toBe(true);
    const result = parseChargeResult(delivery.raw);
    expect(result).toMatchObject({
      chargeId: charged.chargeId,
      reference,
      msisdn,
      amount: 15,
      resultCode: code,
    });
    expect(Math.abs(result.completedAt.getTime() - clock.now())).toBeLessThan(5000);

    const known = await airtime.getCharge(charged.chargeId);
    expect(known).toEqual({
      chargeId: charged.chargeId,
      reference,
      msisdn,
      amount: 15,
      status: code === 0 ? 'SUCCESS' : 'FAILED',
      resultCode: code,
      resultDesc: result.resultDesc,
      completedAt: result.completedAt,
    });
    expect(await airtime.findCharge(reference)).toEqual(known);
  });

  it('254700000005 is charged but the result never comes; the look-ups tell the truth', async () => {
    const callbackPath = path('lost');
    const reference = newReference();
    const charged = await client().charge({
      msisdn: '254700000005',
      amount: 20,
      reference,
      description: 'Bronze daily package',
      callbackUrl: `${hooks}${callbackPath}`,
    });
    await results(callbackPath, 0);
    expect(await client().getCharge(charged.chargeId)).toMatchObject({ status: 'SUCCESS', resultCode: 0 });
    expect(await client().findCharge(reference)).toMatchObject({
      chargeId: charged.chargeId,
      status: 'SUCCESS',
    });
  });

  it('254700000006 is charged and the result comes twice: same bytes, same chargeId, a replay to apply once', async () => {
    const callbackPath = path('twice');
    const charged = await client().charge({
      msisdn: '254700000006',
      amount: 30,
      reference: newReference(),
      description: 'Bronze daily package',
      callbackUrl: `${hooks}${callbackPath}`,
    });
    const [first, second] = await results(callbackPath, 2);
    if (!first || !second) throw new Error('expected two results');
    expect(first.raw.equals(second.raw)).toBe(true);
    expect(first.headers[AIRTIME_SIGNATURE_HEADER]).toBe(second.headers[AIRTIME_SIGNATURE_HEADER]);
    expect(parseChargeResult(second.raw)).toMatchObject({
      chargeId: charged.chargeId,
      resultCode: 0,
      amount: 30,
    });
  });

  it('charges once per reference: a repeat is acknowledged with the same chargeId, other details refused', async () => {
    const reference = newReference();
    const firstPath = path('once');
    const againPath = path('again');
    const charge = { msisdn: '254712345678', amount: 40, reference, description: 'Bronze daily package' };
    const first = await client().charge({ ...charge, callbackUrl: `${hooks}${firstPath}` });
    const again = await client().charge({ ...charge, callbackUrl: `${hooks}${againPath}` });
    expect(again.chargeId).toBe(first.chargeId);
    const error = await client()
      .charge({ ...charge, amount: 50, callbackUrl: `${hooks}${againPath}` })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AirtimeError);
    expect(error).toMatchObject({ status: 409, code: '409.001.01', message: 'Duplicate reference' });
    await results(firstPath);
    expect(sandbox.at(againPath)).toHaveLength(0);
  });
});

describe('airtime results: signature, parsing, messages', () => {
  const secret = () => t.config.airtime.consumerSecret;
  const body = Buffer.from(
    JSON.stringify({
      chargeId: 'CB_20261121_0123456789abcdef0123',
      reference: 'SUB-1',
      msisdn: '254712345678',
      amount: 10,
      resultCode: 0,
      resultDesc: 'The charge was successful',
      completedAt: '2026-11-21T06:00:00.000Z',
    }),
  );

  it('accepts only the signature of these exact bytes under the consumer secret', () => {
    const signature = signCallbackBody(body, secret());
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyCallbackSignature(body, signature, secret())).toBe(true);
    expect(verifyCallbackSignature(body, undefined, secret())).toBe(false);
    expect(verifyCallbackSignature(body, '', secret())).toBe(false);
    expect(verifyCallbackSignature(body, 'zz', secret())).toBe(false);
    expect(verifyCallbackSignature(body, signCallbackBody(body, 'another-secret'), secret())).toBe(false);
    const tampered = Buffer.from(body.toString().replace('"amount":10', '"amount":1000'));
    expect(verifyCallbackSignature(tampered, signature, secret())).toBe(false);
  });

  it('parses a raw or parsed result and refuses malformed ones', () => {
    const parsed = parseChargeResult(body);
    expect(parsed).toEqual({
      chargeId: 'CB_20261121_0123456789abcdef0123',
      reference: 'SUB-1',
      msisdn: '254712345678',
      amount: 10,
      resultCode: 0,
      resultDesc: 'The charge was successful',
      completedAt: new Date('2026-11-21T06:00:00.000Z'),
    });
    expect(parseChargeResult(JSON.parse(body.toString()))).toEqual(parsed);
    expect(() => parseChargeResult('{"chargeId":')).toThrow(/not JSON/);
    expect(() => parseChargeResult({ ...JSON.parse(body.toString()), amount: 1.5 })).toThrow(/amount/);
    expect(() => parseChargeResult({ ...JSON.parse(body.toString()), completedAt: 'yesterday' })).toThrow(
      /completedAt/,
    );
  });

  it('tells the player what went wrong', () => {
    expect(playerMessageForAirtimeResult(0)).toBe('');
    expect(playerMessageForAirtimeResult(1032)).toBe('You cancelled the airtime payment.');
    expect(playerMessageForAirtimeResult(1)).toBe('Your airtime balance is not enough for this payment.');
    expect(playerMessageForAirtimeResult(9999)).toBe(
      'Safaricom could not complete this airtime payment. Please try again.',
    );
  });
});

describe('airtime sandbox: restarts, its page and configuration', () => {
  it('sends, once, a result that fell due while the server was down', async () => {
    const callbackPath = path('owed');
    const { db } = t.database;
    await db.insert(sandboxAirtimeCharges).values({
      id: 'CB_20261121_owedowedowedowedowed',
      reference: newReference(),
      msisdn: '254712345678',
      amount: 40,
      description: 'Bronze daily package',
      callbackUrl: `${hooks}${callbackPath}`,
      resultCode: 0,
      resultDesc: 'The charge was successful',
      deliveries: 1,
      completesAt: new Date(clock.now() - 1000),
    });
    const instances = await twoMoreInstances((send) => sandboxAirtimeRoutes(t.config, db, { send, clock }));
    const [delivery] = await results(callbackPath);
    expect(parseChargeResult(delivery?.raw)).toMatchObject({ chargeId: 'CB_20261121_owedowedowedowedowed' });
    expect(instances.posted.filter((post) => post.url.endsWith(callbackPath))).toHaveLength(1);
    const [row] = await db
      .select()
      .from(sandboxAirtimeCharges)
      .where(eq(sandboxAirtimeCharges.id, 'CB_20261121_owedowedowedowedowed'));
    expect(row?.callbackSentAt).toBeInstanceOf(Date);
    await instances.close();
  });

  it('lists recent charges and the test numbers on a page without scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/airtime' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('254700000005');
    expect(response.body).toContain('success, result never sent');
    expect(response.body).toContain('Bronze daily package');
    expect(response.body).not.toContain('<script');
  });

  it('serves the sandbox only while the real carrier is not configured', async () => {
    const real = {
      AIRTIME_BASE_URL: 'https://carrier-billing.example',
      AIRTIME_CONSUMER_KEY: 'key',
      AIRTIME_CONSUMER_SECRET: 'secret',
    };
    for (const [env, status] of [
      [{}, 200],
      [real, 404],
    ] as const) {
      expect(await statusWith(env, '/sandbox/airtime')).toBe(status);
    }
    // Builds apps of its own: a minute, not a test's 20 s, on a loaded machine.
  }, 60_000);
});
