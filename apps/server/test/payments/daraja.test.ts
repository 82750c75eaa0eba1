import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  NOT_COMPLETED_RESULT_CODE,
  parseB2cResult,
  parseStatusResult,
  parseStkCallback,
} from '../../src/platform/daraja/callbacks.ts';
import { createDarajaClient, type DarajaClient, DarajaError } from '../../src/platform/daraja/client.ts';
import { darajaTimestamp, stkPassword } from '../../src/platform/daraja/time.ts';
import { PROMPT_TIMEOUT_MS } from '../../src/sandbox/daraja/outcomes.ts';
import { sandboxDarajaRoutes } from '../../src/sandbox/daraja/routes.ts';
import { sandboxDarajaTransactions } from '../../src/sandbox/daraja/schema.ts';
import type { TestApp } from '../support/app.ts';
import { freePort } from '../support/payments.ts';
import { countingFetch, createProviderSandbox, twoMoreInstances } from '../support/provider-sandbox.ts';

const DELAY_MS = 300;
const RECEIPT = /^[A-Z][A-Z0-9]{9}$/;

const sandbox = createProviderSandbox({
  delayMs: DELAY_MS,
  answer: () => ({ status: 200, body: JSON.stringify({ ResultCode: 0, ResultDesc: 'Accepted' }) }),
});
/** The sandbox's time: nothing it delays happens until the test moves it on. */
const { clock } = sandbox;

/**
 * Lets the sandbox's delay pass (every callback due by then has been posted and answered) and
 * returns the bodies posted to `path`, which must be exactly `count`.
 */
async function callbacks(path: string, count = 1): Promise<unknown[]> {
  await sandbox.deliveredTo(path, count);
  return sandbox.bodiesAt(path);
}

let t: TestApp;
let base: string;
let hooks: string;

function client(overrides: Partial<Parameters<typeof createDarajaClient>[0]> = {}): DarajaClient {
  return createDarajaClient({ ...t.config.daraja, baseUrl: `${base}/sandbox/daraja`, ...overrides });
}

let sequence = 0;
const path = (name: string) => `/${name}/${++sequence}`;

beforeAll(async () => {
  ({ t, base, hooks } = await sandbox.start());
});
afterAll(() => sandbox.close());

describe('Daraja client: access token', () => {
  it('fetches one token for concurrent calls and reuses it', async () => {
    const counter = countingFetch('/sandbox/daraja');
    const daraja = client({ fetch: counter.fetch });
    const pushes = await Promise.all(
      Array.from({ length: 5 }, () =>
        daraja.stkPush({
          phone: '254712345678',
          amount: 10,
          accountReference: 'PlayOn',
          description: 'Wallet top up',
          callbackUrl: `${hooks}${path('token')}`,
        }),
      ),
    );
    expect(new Set(pushes.map((push) => push.checkoutRequestId)).size).toBe(5);
    await daraja.stkQuery(pushes[0]?.checkoutRequestId as string);
    expect(counter.oauth()).toBe(1);
    expect(counter.calls.filter((call) => call.startsWith('/mpesa/'))).toHaveLength(6);
  });

  it('renews the token once when Daraja answers 401, then retries the call', async () => {
    const calls: string[] = [];
    let spoiled = false;
    const spoiling: typeof fetch = (input, init) => {
      const url = new URL(String(input));
      calls.push(url.pathname);
      if (!spoiled && url.pathname.includes('/mpesa/')) {
        spoiled = true;
        return fetch(input, { ...init, headers: { ...init?.headers, authorization: 'Bearer revoked' } });
      }
      return fetch(input, init);
    };
    const daraja = client({ fetch: spoiling });
    const push = await daraja.stkPush({
      phone: '254712345678',
      amount: 10,
      accountReference: 'PlayOn',
      description: 'Wallet top up',
      callbackUrl: `${hooks}${path('retry')}`,
    });
    expect(push.checkoutRequestId).toMatch(/^ws_CO_/);
    expect(calls.map((call) => call.replace('/sandbox/daraja', ''))).toEqual([
      '/oauth/v1/generate',
      '/mpesa/stkpush/v1/processrequest',
      '/oauth/v1/generate',
      '/mpesa/stkpush/v1/processrequest',
    ]);
  });

  it('renews a token shortly before it expires', async () => {
    let issued = 0;
    const fake: typeof fetch = async (input) => {
      const url = new URL(String(input));
      if (url.pathname.endsWith('/oauth/v1/generate')) {
        issued++;
        return Response.json({ access_token: `token-${issued}`, expires_in: '1' });
      }
      return Response.json({ ResponseCode: '0', ResultCode: '0', ResultDesc: 'ok' });
    };
    const daraja = client({ fetch: fake });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await daraja.stkQuery('ws_CO_1');
      await daraja.stkQuery('ws_CO_1');
      expect(issued).toBe(1);
      vi.setSystemTime(Date.now() + 600);
      await daraja.stkQuery('ws_CO_1');
      expect(issued).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses bad consumer credentials with Daraja’s error', async () => {
    const error = await client({ consumerSecret: 'wrong' })
      .stkQuery('ws_CO_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DarajaError);
    expect(error).toMatchObject({
      status: 400,
      code: '400.008.01',
      message: 'Invalid Authentication passed',
    });
  });
});

describe('Daraja client: requests it refuses to send', () => {
  it('refuses a fraction of a shilling and a malformed phone before calling Daraja', async () => {
    const counter = countingFetch('/sandbox/daraja');
    const daraja = client({ fetch: counter.fetch });
    const push = {
      phone: '254712345678',
      accountReference: 'PlayOn',
      description: 'Top up',
      callbackUrl: hooks,
    };
    await expect(daraja.stkPush({ ...push, amount: 10.5 })).rejects.toThrow(RangeError);
    await expect(daraja.stkPush({ ...push, amount: 0 })).rejects.toThrow(/whole shillings/);
    await expect(daraja.stkPush({ ...push, phone: '0712345678', amount: 10 })).rejects.toThrow(/2547/);
    await expect(
      daraja.b2cPayment({
        phone: '254712345678',
        amount: 99.99,
        originatorConversationId: 'x',
        remarks: 'Payout',
        resultUrl: hooks,
        queueTimeoutUrl: hooks,
      }),
    ).rejects.toThrow(RangeError);
    expect(counter.calls).toEqual([]);
  });

  it('reports an unreachable Daraja as DarajaError with status 0', async () => {
    const closed = await freePort();
    const error = await client({ baseUrl: `http://127.0.0.1:${closed}` })
      .stkQuery('ws_CO_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DarajaError);
    expect(error).toMatchObject({ status: 0, code: null });
  });
});

describe('Daraja sandbox: validation', () => {
  async function token() {
    const basic = Buffer.from(`${t.config.daraja.consumerKey}:${t.config.daraja.consumerSecret}`).toString(
      'base64',
    );
    const response = await fetch(`${base}/sandbox/daraja/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: `Basic ${basic}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { access_token: string; expires_in: string };
    expect(body.expires_in).toBe('3599');
    return body.access_token;
  }

  const stkBody = (timestamp = darajaTimestamp()) => ({
    BusinessShortCode: t.config.daraja.shortCode,
    Password: stkPassword(t.config.daraja.shortCode, t.config.daraja.passkey, timestamp),
    Timestamp: timestamp,
    TransactionType: 'CustomerPayBillOnline',
    Amount: 1,
    PartyA: '254712345678',
    PartyB: t.config.daraja.shortCode,
    PhoneNumber: '254712345678',
    CallBackURL: `${hooks}/raw`,
    AccountReference: 'PlayOn',
    TransactionDesc: 'Top up',
  });

  async function push(body: unknown, bearer?: string) {
    const response = await fetch(`${base}/sandbox/daraja/mpesa/stkpush/v1/processrequest`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('accepts a well-formed STK Push with ResponseCode "0" and a customer message', async () => {
    const answer = await push(stkBody(), await token());
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ResponseCode: '0',
      CustomerMessage: 'Success. Request accepted for processing',
    });
    expect(answer.body.MerchantRequestID).toMatch(/^\d{5}-\d{8}-\d$/);
  });

  it('refuses a call without a valid token', async () => {
    for (const bearer of [undefined, 'forged.token']) {
      const answer = await push(stkBody(), bearer);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
      expect(answer.body.requestId).toBeTruthy();
    }
  });

  it('revokes a token once a newer one is given, answering it HTTP 404 404.001.03 as Daraja does', async () => {
    const older = await token();
    await token();
    const answer = await push(stkBody(), older);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
  });

  it('refuses a wrong grant type and missing or bad fields, naming the field', async () => {
    const grant = await fetch(`${base}/sandbox/daraja/oauth/v1/generate?grant_type=password`);
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ errorCode: '400.008.02' });

    const bearer = await token();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...stkBody(), BusinessShortCode: '600000' }, 'BusinessShortCode'],
      [stkBody('20190101000000'), 'Timestamp'],
      [{ ...stkBody(), Amount: 1.5 }, 'Amount'],
      [{ ...stkBody(), PhoneNumber: '0712345678' }, 'PhoneNumber'],
      [{ ...stkBody(), CallBackURL: undefined }, 'CallBackURL'],
      [{ ...stkBody(), AccountReference: 'A reference that is too long' }, 'AccountReference'],
    ];
    for (const [body, field] of cases) {
      const answer = await push(body, bearer);
      expect(answer.status, field).toBe(400);
      expect(answer.body).toMatchObject({
        errorCode: '400.002.02',
        errorMessage: `Bad Request - Invalid ${field}`,
      });
    }
    const notJson = await fetch(`${base}/sandbox/daraja/mpesa/stkpush/v1/processrequest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: '{"Amount":',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ errorCode: '400.002.02' });
  });

  it('refuses a Password that does not fit the short code with HTTP 500 500.001.1001 Wrong credentials, as Daraja does', async () => {
    const answer = await push(
      { ...stkBody(), Password: Buffer.from('174379wrong').toString('base64') },
      await token(),
    );
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ errorCode: '500.001.1001', errorMessage: 'Wrong credentials' });
  });

  it('refuses a client whose passkey is wrong, its push and its query alike', async () => {
    const wrong = client({ passkey: 'not-the-passkey' });
    const pushed = await wrong
      .stkPush({
        phone: '254712345678',
        amount: 5,
        accountReference: 'PlayOn',
        description: 'Top up',
        callbackUrl: hooks,
      })
      .catch((e: unknown) => e);
    const queried = await wrong.stkQuery('ws_CO_000000000000000000').catch((e: unknown) => e);
    for (const error of [pushed, queried]) {
      expect(error).toBeInstanceOf(DarajaError);
      expect(error).toMatchObject({ status: 500, code: '500.001.1001', message: 'Wrong credentials' });
    }
  });
});

describe('Daraja sandbox: STK Push outcomes by phone', () => {
  const outcomes: [string, number][] = [
    ['254712345678', 0],
    ['254110000000', 0],
    ['254700000001', 1032],
    ['254700000002', 1],
    ['254700000003', 2001],
    ['254700000004', 1037],
    ['254700000017', 17],
    ['254700001001', 1001],
    ['254700001019', 1019],
    ['254700001025', 1025],
    ['254700009999', 9999],
  ];

  it.each(outcomes)(
    '%s ends with ResultCode %i, in one callback Safaricom would send',
    async (phone, code) => {
      const daraja = client();
      const callbackPath = path('stk');
      const pushed = await daraja.stkPush({
        phone,
        amount: 150,
        accountReference: 'PlayOn',
        description: 'Wallet top up',
        callbackUrl: `${hooks}${callbackPath}`,
      });
      expect(pushed.customerMessage).toBe('Success. Request accepted for processing');
      // Nobody has answered the prompt yet.
      expect(await daraja.stkQuery(pushed.checkoutRequestId)).toEqual({
        resultCode: null,
        resultDesc: 'The transaction is being processed',
      });

      const [body] = await callbacks(callbackPath);
      const result = parseStkCallback(body);
      expect(result).toMatchObject({
        merchantRequestId: pushed.merchantRequestId,
        checkoutRequestId: pushed.checkoutRequestId,
        resultCode: code,
      });
      if (code === 0) {
        expect(result.amount).toBe(150);
        expect(result.mpesaReceiptNumber).toMatch(RECEIPT);
        expect(result.phone).toBe(phone);
        expect(Math.abs((result.transactionDate as Date).getTime() - clock.now())).toBeLessThan(5000);
      } else {
        expect(result).toMatchObject({ amount: null, mpesaReceiptNumber: null, phone: null });
      }
      expect(await daraja.stkQuery(pushed.checkoutRequestId)).toMatchObject({ resultCode: code });
    },
  );

  it('254700000005 succeeds but never calls back; STK Push Query tells the truth', async () => {
    const daraja = client();
    const callbackPath = path('lost');
    const pushed = await daraja.stkPush({
      phone: '254700000005',
      amount: 20,
      accountReference: 'PlayOn',
      description: 'Wallet top up',
      callbackUrl: `${hooks}${callbackPath}`,
    });
    await callbacks(callbackPath, 0);
    expect(await daraja.stkQuery(pushed.checkoutRequestId)).toEqual({
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
    });
  });

  it('254700000006 succeeds and calls back twice with the same receipt', async () => {
    const callbackPath = path('twice');
    const pushed = await client().stkPush({
      phone: '254700000006',
      amount: 30,
      accountReference: 'PlayOn',
      description: 'Wallet top up',
      callbackUrl: `${hooks}${callbackPath}`,
    });
    const bodies = await callbacks(callbackPath, 2);
    const [first, second] = bodies.map(parseStkCallback);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ checkoutRequestId: pushed.checkoutRequestId, resultCode: 0, amount: 30 });
  });

  it('answers a query about an unknown checkout with Daraja’s error', async () => {
    const error = await client()
      .stkQuery('ws_CO_000000000000000000')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: 'Bad Request - Invalid CheckoutRequestID' });
  });
});

describe('Daraja sandbox: phones answered by hand', () => {
  let next = 0;
  const handPhone = () => `2547009${String(10_000 + ++next).padStart(5, '0')}`;

  async function prompt(phone: string) {
    const callbackPath = path('hand');
    const pushed = await client().stkPush({
      phone,
      amount: 75,
      accountReference: 'PlayOn',
      description: 'Wallet top up',
      callbackUrl: `${hooks}${callbackPath}`,
    });
    return { pushed, callbackPath };
  }

  const answer = (phone: string, choice: string) =>
    t.app.inject({
      method: 'POST',
      url: `/sandbox/daraja/phones/${phone}/answer`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ answer: choice }).toString(),
    });

  it.each([
    ['pay', 0, 1],
    ['cancel', 1032, 1],
    ['pay-callback-lost', 0, 0],
  ])(
    'holds the prompt until it is answered "%s", then ends with ResultCode %i',
    async (choice, code, sent) => {
      const phone = handPhone();
      const { pushed, callbackPath } = await prompt(phone);
      // However long the sandbox's usual delay, nobody has answered yet.
      await callbacks(callbackPath, 0);
      expect(await client().stkQuery(pushed.checkoutRequestId)).toMatchObject({ resultCode: null });
      const page = await t.app.inject({ method: 'GET', url: '/sandbox/daraja' });
      expect(page.body).toContain(`action="/sandbox/daraja/phones/${phone}/answer"`);

      const answered = await answer(phone, choice);
      expect(answered.statusCode).toBe(303);
      expect(answered.headers.location).toBe('/sandbox/daraja');
      const bodies = await callbacks(callbackPath, sent);
      if (sent) expect(parseStkCallback(bodies[0])).toMatchObject({ resultCode: code });
      expect(await client().stkQuery(pushed.checkoutRequestId)).toMatchObject({ resultCode: code });
      // Answered once: the prompt's time-out changes nothing later.
      await clock.advance(PROMPT_TIMEOUT_MS);
      expect(sandbox.bodiesAt(callbackPath)).toHaveLength(sent);
      expect((await answer(phone, 'pay')).statusCode).toBe(404);
    },
  );

  it('times out unanswered with ResultCode 1037', async () => {
    const { pushed, callbackPath } = await prompt(handPhone());
    await callbacks(callbackPath, 0);
    await clock.advance(PROMPT_TIMEOUT_MS);
    expect(parseStkCallback(sandbox.bodiesAt(callbackPath)[0])).toMatchObject({ resultCode: 1037 });
    expect(await client().stkQuery(pushed.checkoutRequestId)).toMatchObject({ resultCode: 1037 });
  });

  it('answers the oldest prompt on the phone, and refuses an answer it does not know or a phone not held by hand', async () => {
    const phone = handPhone();
    const first = await prompt(phone);
    const second = await prompt(phone);
    expect((await answer(phone, 'cancel')).statusCode).toBe(303);
    await callbacks(first.callbackPath, 1);
    expect(sandbox.at(second.callbackPath)).toHaveLength(0);
    expect((await answer(phone, 'maybe')).statusCode).toBe(400);
    expect((await answer(phone, 'toString')).statusCode).toBe(400);
    expect((await answer('254712345678', 'pay')).statusCode).toBe(400);
    expect((await answer(phone, 'pay')).statusCode).toBe(303);
    await callbacks(second.callbackPath, 1);
  });
});

describe('Daraja sandbox: B2C and Transaction Status', () => {
  async function payout(phone: string, amount = 500, originatorConversationId = crypto.randomUUID()) {
    const resultPath = path('b2c');
    const sent = await client().b2cPayment({
      phone,
      amount,
      originatorConversationId,
      remarks: 'PlayOn wallet withdrawal',
      resultUrl: `${hooks}${resultPath}`,
      queueTimeoutUrl: `${hooks}${path('timeout')}`,
    });
    return { sent, resultPath, originatorConversationId };
  }

  async function status(originatorConversationId: string) {
    const statusPath = path('status');
    const asked = await client().transactionStatus({
      originatorConversationId,
      resultUrl: `${hooks}${statusPath}`,
      queueTimeoutUrl: `${hooks}${path('status-timeout')}`,
    });
    const [body] = await callbacks(statusPath);
    return { asked, body, result: parseStatusResult(body) };
  }

  it('pays a phone and posts a B2C result with the receipt, amount and receiver', async () => {
    const { sent, resultPath, originatorConversationId } = await payout('254712345678', 750);
    expect(sent.originatorConversationId).toBe(originatorConversationId);
    expect(sent.conversationId).toMatch(/^AG_\d{8}_[0-9a-f]{20}$/);
    const [body] = await callbacks(resultPath);
    const result = parseB2cResult(body);
    expect(result).toMatchObject({
      originatorConversationId,
      conversationId: sent.conversationId,
      resultCode: 0,
      amount: 750,
      receiverPhone: '254712345678',
    });
    expect(result.transactionId).toMatch(RECEIPT);
    expect(Math.abs((result.completedAt as Date).getTime() - clock.now())).toBeLessThan(5000);

    const { result: known } = await status(originatorConversationId);
    expect(known).toMatchObject({
      verdict: 'completed',
      originatorConversationId,
      conversationId: sent.conversationId,
      resultCode: 0,
      transactionStatus: 'Completed',
      receipt: result.transactionId,
      amount: 750,
      receiverPhone: '254712345678',
    });
  });

  it('posts a failed B2C result, and Transaction Status reports the same failure', async () => {
    const { resultPath, originatorConversationId } = await payout('254700000002');
    const result = parseB2cResult((await callbacks(resultPath))[0]);
    expect(result).toMatchObject({ originatorConversationId, resultCode: 1, transactionId: null });
    // Found, not completed: the query succeeded (0) and TransactionStatus says Failed, with the ids,
    // amount and phone of the payout, so it can be matched field by field.
    const { result: known } = await status(originatorConversationId);
    expect(known).toMatchObject({
      verdict: 'failed',
      resultCode: 0,
      transactionStatus: 'Failed',
      originatorConversationId,
      amount: 500,
      receiverPhone: '254700000002',
      receipt: null,
    });
  });

  it('254700000005: the result never comes, Transaction Status finds the payment completed', async () => {
    const { resultPath, originatorConversationId } = await payout('254700000005', 100);
    // Asked before the payment completed: the answer waits for the outcome.
    const { result } = await status(originatorConversationId);
    expect(result).toMatchObject({ verdict: 'completed', originatorConversationId, amount: 100 });
    expect(result.receipt).toMatch(RECEIPT);
    expect(sandbox.at(resultPath)).toHaveLength(0);
  });

  /** A B2C whose answer never arrives: the request is made, the connection closes without one. */
  async function payoutUnanswered(phone: string, originatorConversationId = crypto.randomUUID()) {
    const resultPath = path('b2c');
    const timeoutPath = path('timeout');
    await expect(
      client().b2cPayment({
        phone,
        amount: 200,
        originatorConversationId,
        remarks: 'PlayOn wallet withdrawal',
        resultUrl: `${hooks}${resultPath}`,
        queueTimeoutUrl: `${hooks}${timeoutPath}`,
      }),
    ).rejects.toMatchObject({ status: 0 });
    return { resultPath, timeoutPath, originatorConversationId };
  }

  it('254700000008: paid, but the answer never arrives; Transaction Status finds it, a repeat is 500.002.1001', async () => {
    const { resultPath, originatorConversationId } = await payoutUnanswered('254700000008');
    await expect(payout('254700000008', 200, originatorConversationId)).rejects.toMatchObject({
      status: 500,
      code: '500.002.1001',
    });
    const { result } = await status(originatorConversationId);
    expect(result).toMatchObject({ verdict: 'completed', originatorConversationId, amount: 200 });
    expect(sandbox.at(resultPath)).toHaveLength(1);
  });

  it('254700000009: taken, then its QueueTimeOutURL is called; nothing is paid and Transaction Status finds nothing', async () => {
    const { sent, originatorConversationId } = await payout('254700000009', 200);
    // payout() named its QueueTimeOutURL last.
    const timeoutPath = `/timeout/${sequence}`;
    expect(sandbox.at(timeoutPath)).toHaveLength(0);
    const { result } = await status(originatorConversationId);
    expect(result).toMatchObject({ verdict: 'query-failed', notFound: true });
    expect(sandbox.bodiesAt(timeoutPath)).toEqual([
      {
        Result: expect.objectContaining({
          OriginatorConversationID: originatorConversationId,
          ConversationID: sent.conversationId,
        }),
      },
    ]);
  });

  it('254700001000 to 254700001099: queued, unfound by Transaction Status until a repeat comes, which fails with ResultCode 15 while the first is paid', async () => {
    const { resultPath, originatorConversationId } = await payoutUnanswered('254700001042');
    expect((await status(originatorConversationId)).result).toMatchObject({ notFound: true });
    expect(sandbox.at(resultPath)).toHaveLength(0);

    const repeat = await payout('254700001042', 200, originatorConversationId);
    const [duplicate] = await callbacks(repeat.resultPath);
    expect(parseB2cResult(duplicate)).toMatchObject({
      resultCode: 15,
      resultDesc: 'Duplicate Detected',
      conversationId: repeat.sent.conversationId,
      transactionId: null,
    });
    const [first] = sandbox.bodiesAt(resultPath);
    expect(parseB2cResult(first)).toMatchObject({ resultCode: 0, originatorConversationId, amount: 200 });
    expect((await status(originatorConversationId)).result).toMatchObject({ verdict: 'completed' });
  });

  it('254700000006: the B2C result comes twice', async () => {
    const { resultPath } = await payout('254700000006');
    const bodies = await callbacks(resultPath, 2);
    expect(parseB2cResult(bodies[0])).toEqual(parseB2cResult(bodies[1]));
  });

  it('an unknown payment: Transaction Status answers R000002 under the query’s own ids, nothing about a payout', async () => {
    const { asked, body, result } = await status('no-such-payment');
    expect(body).toMatchObject({
      Result: {
        ResultCode: 'R000002',
        OriginatorConversationID: asked.originatorConversationId,
        ConversationID: asked.conversationId,
      },
    });
    expect(result).toMatchObject({
      verdict: 'query-failed',
      resultCode: NOT_COMPLETED_RESULT_CODE,
      originatorConversationId: null,
      conversationId: null,
    });
  });

  it('pays once per OriginatorConversationID: a repeat is refused with HTTP 500 500.002.1001, as Daraja documents', async () => {
    const first = await payout('254712345678', 300);
    for (const amount of [300, 400]) {
      await expect(payout('254712345678', amount, first.originatorConversationId)).rejects.toMatchObject({
        status: 500,
        code: '500.002.1001',
        message: 'Duplicate OriginatorConversationID',
      });
    }
    expect(await callbacks(first.resultPath)).toHaveLength(1);
  });

  it('a wrong initiator credential is accepted, then fails with 2001 like Daraja', async () => {
    const resultPath = path('initiator');
    await client({ securityCredential: 'wrong' }).b2cPayment({
      phone: '254712345678',
      amount: 50,
      originatorConversationId: crypto.randomUUID(),
      remarks: 'Payout',
      resultUrl: `${hooks}${resultPath}`,
      queueTimeoutUrl: `${hooks}${resultPath}`,
    });
    expect(parseB2cResult((await callbacks(resultPath))[0])).toMatchObject({ resultCode: 2001 });
  });

  it('refuses a B2C below 10 shillings or from another short code', async () => {
    await expect(payout('254712345678', 5)).rejects.toMatchObject({
      message: 'Bad Request - Invalid Amount',
    });
    await expect(
      client({ b2cShortCode: '600000' }).b2cPayment({
        phone: '254712345678',
        amount: 50,
        originatorConversationId: crypto.randomUUID(),
        remarks: 'Payout',
        resultUrl: hooks,
        queueTimeoutUrl: hooks,
      }),
    ).rejects.toMatchObject({ message: 'Bad Request - Invalid PartyA' });
  });
});

describe('Daraja sandbox: restarts and its page', () => {
  it('sends, once, a callback that fell due while the server was down', async () => {
    const callbackPath = path('owed');
    const { db } = t.database;
    await db.insert(sandboxDarajaTransactions).values({
      id: 'ws_CO_owed',
      kind: 'stk',
      requestId: '11111-22222222-1',
      phone: '254712345678',
      amount: 40,
      reference: 'PlayOn',
      callbackUrl: `${hooks}${callbackPath}`,
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      receipt: 'SBX1234567',
      deliveries: 1,
      completesAt: new Date(clock.now() - 1000),
    });
    // Two instances start on the same database: the callback still goes out once.
    const instances = await twoMoreInstances((send) => sandboxDarajaRoutes(t.config, db, { send, clock }));
    const [body] = await callbacks(callbackPath);
    expect(parseStkCallback(body)).toMatchObject({
      checkoutRequestId: 'ws_CO_owed',
      mpesaReceiptNumber: 'SBX1234567',
    });
    expect(instances.posted.filter((post) => post.url.endsWith(callbackPath))).toHaveLength(1);
    const [row] = await db
      .select()
      .from(sandboxDarajaTransactions)
      .where(eq(sandboxDarajaTransactions.id, 'ws_CO_owed'));
    expect(row?.callbackSentAt).toBeInstanceOf(Date);
    await instances.close();
  });

  it('lists recent transactions and the test phones on a page without scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/daraja' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('254700000005');
    expect(response.body).toContain('success, callback never sent');
    expect(response.body).toContain('STK Push');
    expect(response.body).toContain('B2C payment');
    expect(response.body).not.toContain('<script');
  });
});
