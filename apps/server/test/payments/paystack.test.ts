import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPaystackClient,
  type PaystackClient,
  PaystackError,
  type PaystackRefunds,
  type PaystackReports,
  TRANSACTION_NOT_FOUND,
} from '../../src/platform/paystack/client.ts';
import {
  PAYSTACK_SIGNATURE_HEADER,
  parseWebhookEvent,
  signWebhookBody,
  verifyWebhookSignature,
} from '../../src/platform/paystack/webhook.ts';
import { sandboxPaystackRoutes } from '../../src/sandbox/paystack/routes.ts';
import { sandboxPaystackTransactions } from '../../src/sandbox/paystack/schema.ts';
import type { TestApp } from '../support/app.ts';
import { freePort } from '../support/payments.ts';
import {
  createProviderSandbox,
  type Delivery,
  statusWith,
  twoMoreInstances,
} from '../support/provider-sandbox.ts';

const DELAY_MS = 300;

/** Answers the receiver gives to the next webhooks (then 200). */
const refusals: number[] = [];
const sandbox = createProviderSandbox({
  delayMs: DELAY_MS,
  env: (hooks) => ({ PAYSTACK_WEBHOOK_URL: `${hooks}/paystack` }),
  answer: () => ({ status: refusals.shift() ?? 200 }),
});
/** The gateway's time: nothing it delays happens until the test moves it on. */
const { clock } = sandbox;

let t: TestApp;
let base: string;
let hooks: string;

const referenceOf = (delivery: Delivery) =>
  (JSON.parse(delivery.raw.toString()) as { data: { reference: string } }).data.reference;

const sentFor = (reference: string) =>
  sandbox.at('/paystack').filter((delivery) => referenceOf(delivery) === reference);

/**
 * Lets `ms` of the gateway's time pass (its delay by default: every webhook due by then has been
 * posted and answered) and returns the webhooks about one reference, which must be exactly `count`.
 */
async function webhooksFor(reference: string, count = 1, ms = DELAY_MS): Promise<Delivery[]> {
  await clock.advance(ms);
  const found = sentFor(reference);
  expect(found, `webhooks for ${reference}`).toHaveLength(count);
  return found;
}

function client(
  overrides: Partial<Parameters<typeof createPaystackClient>[0]> = {},
): PaystackClient & PaystackRefunds & PaystackReports {
  return createPaystackClient({ ...t.config.paystack, baseUrl: `${base}/sandbox/paystack`, ...overrides });
}

let sequence = 0;
const newReference = () => `PO-${Date.now().toString(36)}-${++sequence}`;

async function initialize(amountCents = 15_000, reference = newReference()) {
  const started = await client().initializeTransaction({
    email: 'player@playon.test',
    amountCents,
    reference,
    callbackUrl: `${hooks}/return?intent=42`,
    currency: 'KES',
    metadata: { intentId: '42' },
  });
  return { ...started, reference };
}

/** Submits the checkout form like a browser, without following the redirect. */
function pay(authorizationUrl: string, fields: Record<string, string>) {
  return fetch(authorizationUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ expiry: '12/39', cvc: '123', ...fields }).toString(),
    redirect: 'manual',
  });
}

beforeAll(async () => {
  ({ t, base, hooks } = await sandbox.start());
});
afterAll(() => sandbox.close());

describe('card client: initialize and verify', () => {
  it('initializes a transaction whose hosted checkout is on the sandbox; verify says abandoned until paid', async () => {
    const started = await initialize(15_000);
    expect(started.authorizationUrl).toBe(`${base}/sandbox/paystack/checkout/${started.accessCode}`);
    expect(started.accessCode).toMatch(/^[a-z0-9]{16}$/);
    expect(await client().verifyTransaction(started.reference)).toEqual({
      status: 'abandoned',
      amountCents: 15_000,
      currency: 'KES',
      reference: started.reference,
      gatewayResponse: 'The transaction was not completed',
      paidAt: null,
    });
  });

  it('refuses a reference it has seen, a wrong key and an unknown reference with the gateway’s errors', async () => {
    const { reference } = await initialize();
    await expect(initialize(15_000, reference)).rejects.toMatchObject({
      status: 400,
      message: 'Duplicate Transaction Reference',
    });
    const wrongKey = await client({ secretKey: 'sk_test_wrong' })
      .verifyTransaction(reference)
      .catch((e: unknown) => e);
    expect(wrongKey).toBeInstanceOf(PaystackError);
    expect(wrongKey).toMatchObject({ status: 401, message: 'Invalid key' });
    await expect(client().verifyTransaction('never-initialized')).rejects.toMatchObject({
      status: 400,
      code: TRANSACTION_NOT_FOUND,
      message: 'Transaction reference not found',
    });
  });

  it('refuses a fraction of a cent or nothing before calling the gateway', async () => {
    const calls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    const card = client({ fetch: counting });
    const input = {
      email: 'a@b.test',
      reference: newReference(),
      callbackUrl: hooks,
      currency: 'KES' as const,
    };
    await expect(card.initializeTransaction({ ...input, amountCents: 0 })).rejects.toThrow(RangeError);
    await expect(card.initializeTransaction({ ...input, amountCents: 150.5 })).rejects.toThrow(RangeError);
    expect(calls).toEqual([]);
  });

  it('reports an unreachable gateway as PaystackError with status 0', async () => {
    const closed = await freePort();
    const error = await client({ baseUrl: `http://127.0.0.1:${closed}` })
      .verifyTransaction('x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaystackError);
    expect(error).toMatchObject({ status: 0, code: null });
  });
});

describe('card sandbox: API validation', () => {
  const key = () => t.config.paystack.secretKey;

  async function raw(body: unknown, authorization?: string) {
    const response = await fetch(`${base}/sandbox/paystack/transaction/initialize`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(authorization ? { authorization } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const good = () => ({
    email: 'player@playon.test',
    amount: '5000',
    currency: 'KES',
    reference: newReference(),
    callback_url: `${hooks}/return`,
  });

  it('answers Paystack’s {status, message, data} and accepts the amount as a string', async () => {
    const answer = await raw(good(), `Bearer ${key()}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: true, message: 'Authorization URL created' });
    expect(answer.body.data).toMatchObject({ access_code: expect.any(String) });
  });

  it('refuses a call without the secret key', async () => {
    expect(await raw(good())).toEqual({
      status: 401,
      body: { status: false, message: 'No Authorization header was found' },
    });
    expect(await raw(good(), 'Bearer sk_test_guess')).toEqual({
      status: 401,
      body: { status: false, message: 'Invalid key' },
    });
  });

  it('refuses bad fields with the gateway’s messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good(), email: 'not-an-email' }, 'Invalid Email Address Passed'],
      [{ ...good(), amount: 150.5 }, 'Invalid Amount Sent'],
      [{ ...good(), amount: 50 }, 'Invalid Amount Sent'],
      [{ ...good(), currency: 'NGN' }, 'Currency not supported by merchant'],
      [
        { ...good(), reference: 'has spaces' },
        'Only -, ., = and alphanumeric characters allowed for reference',
      ],
      [{ ...good(), callback_url: 'javascript:alert(1)' }, 'Invalid callback_url'],
    ];
    for (const [body, message] of cases) {
      expect(await raw(body, `Bearer ${key()}`), message).toEqual({
        status: 400,
        body: { status: false, message },
      });
    }
    const notJson = await raw('{"amount":', `Bearer ${key()}`);
    expect(notJson).toMatchObject({ status: 400, body: { status: false } });
  });
});

describe('card sandbox: the hosted checkout', () => {
  it('shows the amount and merchant, a card form, and no scripts', async () => {
    const started = await initialize(125_050);
    const response = await fetch(started.authorizationUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const policy = response.headers.get('content-security-policy') as string;
    expect(policy).toContain("script-src 'self'");
    // The form's redirect back to the merchant is allowed, and only there.
    expect(policy).toMatch(new RegExp(`form-action 'self'[^;]* ${hooks.replaceAll('.', '\\.')}(;|$)`));
    const html = await response.text();
    expect(html).toContain('KES 1,250.50');
    expect(html).toContain('PlayOn');
    expect(html).toContain('name="cardNumber"');
    expect(html).toContain('name="expiry"');
    expect(html).toContain('name="cvc"');
    expect(html).toContain('name="viewport"');
    expect(html).not.toContain('<script');
    expect(html).toContain(`action="/sandbox/paystack/checkout/${started.accessCode}"`);
  });

  it('4242 4242 4242 4242 pays: redirect with reference and trxref, verify success, one signed webhook', async () => {
    const started = await initialize(15_000);
    const response = await pay(started.authorizationUrl, { cardNumber: '4242 4242 4242 4242' });
    expect(response.status).toBe(303);
    const back = new URL(response.headers.get('location') as string);
    expect(`${back.origin}${back.pathname}`).toBe(`${hooks}/return`);
    expect(back.searchParams.get('intent')).toBe('42');
    expect(back.searchParams.get('reference')).toBe(started.reference);
    expect(back.searchParams.get('trxref')).toBe(started.reference);

    // The return is verified with the gateway before anything is credited: already final.
    const verified = await client().verifyTransaction(started.reference);
    expect(verified).toMatchObject({
      status: 'success',
      amountCents: 15_000,
      currency: 'KES',
      gatewayResponse: 'Successful',
    });
    expect(Math.abs((verified.paidAt as Date).getTime() - clock.now())).toBeLessThan(5000);

    // The webhook comes after the sandbox's delay, signed over its raw body.
    await webhooksFor(started.reference, 0, DELAY_MS - 1);
    const [webhook] = await webhooksFor(started.reference, 1, 1);
    if (!webhook) throw new Error('no webhook');
    const signature = webhook.headers[PAYSTACK_SIGNATURE_HEADER] as string;
    expect(verifyWebhookSignature(webhook.raw, signature, t.config.paystack.secretKey)).toBe(true);
    expect(parseWebhookEvent(webhook.raw)).toEqual({
      event: 'charge.success',
      reference: started.reference,
      amountCents: 15_000,
      currency: 'KES',
      status: 'success',
      paidAt: verified.paidAt,
    });
    const body = JSON.parse(webhook.raw.toString()) as {
      data: { metadata: unknown; authorization: unknown };
    };
    expect(body.data.metadata).toEqual({ intentId: '42' });
    expect(body.data.authorization).toMatchObject({ last4: '4242', channel: 'card' });
    await webhooksFor(started.reference, 1, DELAY_MS * 10);
  });

  it.each([
    ['4000 0000 0000 0002', 'Declined'],
    ['4000000000009995', 'Insufficient Funds'],
  ])('%s fails (%s): redirect back, verify failed, no webhook', async (card, gatewayResponse) => {
    const started = await initialize(20_000);
    const response = await pay(started.authorizationUrl, { cardNumber: card });
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location') as string).searchParams.get('reference')).toBe(
      started.reference,
    );
    expect(await client().verifyTransaction(started.reference)).toEqual({
      status: 'failed',
      amountCents: 20_000,
      currency: 'KES',
      reference: started.reference,
      gatewayResponse,
      paidAt: null,
    });
    await webhooksFor(started.reference, 0, DELAY_MS * 10);
  });

  it('refuses a card not in the table, a past expiry and a missing CVC, on the page, and changes nothing', async () => {
    const started = await initialize();
    const cases: [Record<string, string>, string][] = [
      [{ cardNumber: '5555 5555 5555 4444' }, 'Use a test card'],
      [{ cardNumber: '' }, 'Use a test card'],
      [
        { cardNumber: '4242424242424242', expiry: '01/20' },
        'Enter the expiry date as MM/YY, not in the past.',
      ],
      [
        { cardNumber: '4242424242424242', expiry: '13/30' },
        'Enter the expiry date as MM/YY, not in the past.',
      ],
      [{ cardNumber: '4242424242424242', cvc: '' }, 'Enter the 3 or 4 digit CVC.'],
    ];
    for (const [fields, message] of cases) {
      const response = await pay(started.authorizationUrl, fields);
      expect(response.status, message).toBe(200);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toContain('role="alert"');
      expect(html).not.toContain('<script');
    }
    expect(await client().verifyTransaction(started.reference)).toMatchObject({ status: 'abandoned' });
  });

  it('a second submit or a later visit goes back to the merchant without charging again', async () => {
    const started = await initialize(30_000);
    const first = await pay(started.authorizationUrl, { cardNumber: '4242424242424242' });
    const again = await pay(started.authorizationUrl, { cardNumber: '4000000000000002' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    const visit = await fetch(started.authorizationUrl, { redirect: 'manual' });
    expect(visit.status).toBe(303);
    expect(await client().verifyTransaction(started.reference)).toMatchObject({ status: 'success' });
    await webhooksFor(started.reference, 1, DELAY_MS * 10);
  });

  it('answers an unknown checkout with 404', async () => {
    const response = await fetch(`${base}/sandbox/paystack/checkout/nosuchcode`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('This payment link is not valid.');
  });
});

describe('card webhook: signature and parsing', () => {
  const secret = () => t.config.paystack.secretKey;

  it('accepts only the signature of these exact bytes under the secret key', () => {
    const body = Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference: 'r' } }));
    const signature = signWebhookBody(body, secret());
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(verifyWebhookSignature(body, signature, secret())).toBe(true);
    expect(verifyWebhookSignature(body, signature.toUpperCase(), secret())).toBe(true);
    expect(verifyWebhookSignature(body, undefined, secret())).toBe(false);
    expect(verifyWebhookSignature(body, '', secret())).toBe(false);
    expect(verifyWebhookSignature(body, 'not-hex', secret())).toBe(false);
    expect(verifyWebhookSignature(body, signature.slice(0, 64), secret())).toBe(false);
    expect(verifyWebhookSignature(body, signWebhookBody(body, 'sk_test_other'), secret())).toBe(false);
    const tampered = Buffer.from(body.toString().replace('"r"', '"s"'));
    expect(verifyWebhookSignature(tampered, signature, secret())).toBe(false);
  });

  it('a replayed webhook is the same bytes, signature and reference: detectable by its reference', async () => {
    const started = await initialize(10_000);
    await pay(started.authorizationUrl, { cardNumber: '4242424242424242' });
    const [webhook] = await webhooksFor(started.reference);
    if (!webhook) throw new Error('no webhook');
    // Someone posts the captured webhook again: it still verifies, so the receiver must apply a reference once.
    const signature = webhook.headers[PAYSTACK_SIGNATURE_HEADER] as string;
    expect(verifyWebhookSignature(Buffer.from(webhook.raw), signature, secret())).toBe(true);
    expect(parseWebhookEvent(webhook.raw)).toMatchObject({ reference: started.reference });
  });

  it('ignores events that are not about a charge, and refuses malformed ones', () => {
    expect(parseWebhookEvent(JSON.stringify({ event: 'transfer.success', data: {} }))).toBeNull();
    expect(() => parseWebhookEvent('{"event":')).toThrow(/not JSON/);
    expect(() => parseWebhookEvent(JSON.stringify({ data: {} }))).toThrow(/Malformed/);
    expect(() =>
      parseWebhookEvent(JSON.stringify({ event: 'charge.success', data: { reference: 'r', amount: 1.5 } })),
    ).toThrow(/Malformed/);
  });
});

/** Every page of the gateway's refund list created since `from`. */
async function everyRefundListed(from: Date) {
  const to = new Date(clock.now() + 60_000);
  const first = await client().listRefundsCreated({ from, to, page: 1, perPage: 2 });
  const rest = [];
  for (let page = 2; page <= first.pageCount; page++)
    rest.push(...(await client().listRefundsCreated({ from, to, page, perPage: 2 })).refunds);
  return [...first.refunds, ...rest];
}

describe('card sandbox: refunds (POST /refund, its status and its webhook)', () => {
  const refundEvents = (reference: string) =>
    sandbox
      .at('/paystack')
      .map(
        (delivery) => JSON.parse(delivery.raw.toString()) as { event: string; data: Record<string, unknown> },
      )
      .filter((body) => body.event.startsWith('refund.') && body.data.transaction_reference === reference);

  it('refunds part and then the rest, pending until processed, with one signed refund.processed each', async () => {
    const started = await initialize(20_000);
    await pay(started.authorizationUrl, { cardNumber: '4242424242424242' });
    await webhooksFor(started.reference);
    const part = await client().createRefund({
      transactionReference: started.reference,
      amountCents: 5_000,
      currency: 'KES',
      merchantNote: 'refund-1',
    });
    expect(part).toMatchObject({ status: 'pending', amountCents: 5_000, merchantNote: 'refund-1' });
    expect(part.transactionReference).toBe(started.reference);
    await clock.advance(DELAY_MS);
    expect(await client().fetchRefund(part.id)).toMatchObject({ status: 'processed', amountCents: 5_000 });
    // As Paystack sends it: no refund id, the amount as a string.
    const [event] = refundEvents(started.reference);
    expect(event).toMatchObject({ event: 'refund.processed', data: { status: 'processed', amount: '5000' } });
    expect(event?.data).not.toHaveProperty('id');
    const delivery = sandbox.at('/paystack').find((sent) => sent.raw.toString().includes('refund.processed'));
    const signature = delivery?.headers[PAYSTACK_SIGNATURE_HEADER] as string;
    expect(verifyWebhookSignature(delivery?.raw as Buffer, signature, t.config.paystack.secretKey)).toBe(
      true,
    );
    expect(parseWebhookEvent(delivery?.raw as Buffer)).toMatchObject({
      event: 'refund',
      refundId: null,
      status: 'processed',
      transactionReference: started.reference,
      amountCents: 5_000,
    });

    // More than is left is refused; the rest (no amount) is given back; then nothing is left.
    await expect(
      client().createRefund({
        transactionReference: started.reference,
        amountCents: 15_001,
        currency: 'KES',
        merchantNote: 'refund-2',
      }),
    ).rejects.toMatchObject({ status: 400 });
    const rest = await client().createRefund({
      transactionReference: started.reference,
      amountCents: 15_000,
      currency: 'KES',
      merchantNote: 'refund-3',
    });
    expect(rest.status).toBe('pending');
    await expect(
      client().createRefund({
        transactionReference: started.reference,
        amountCents: 100,
        currency: 'KES',
        merchantNote: 'refund-4',
      }),
    ).rejects.toThrow('Transaction has been fully reversed');
    const listed = await everyRefundListed(new Date(clock.now() - 60_000));
    expect(
      listed
        .filter((refund) => refund.transactionReference === started.reference)
        .map((refund) => refund.merchantNote)
        .sort(),
    ).toEqual(['refund-1', 'refund-3']);
    expect(await client().verifyTransaction(started.reference)).toMatchObject({ status: 'success' });
    await clock.advance(DELAY_MS);
    expect(refundEvents(started.reference)).toHaveLength(2);
    // Refunded in full: `reversed`, paid all the same, and listed as reversed, no longer as a success.
    const reversed = await client().verifyTransaction(started.reference);
    expect(reversed.status).toBe('reversed');
    expect(reversed.paidAt).toBeInstanceOf(Date);
    const listedAs = async (status: 'success' | 'reversed') =>
      (
        await client().listTransactions({
          from: new Date(clock.now() - 60_000),
          to: new Date(clock.now() + 60_000),
          status,
          page: 1,
          perPage: 100,
        })
      ).transactions.map((tx) => tx.reference);
    expect(await listedAs('reversed')).toContain(started.reference);
    expect(await listedAs('success')).not.toContain(started.reference);
    await expect(
      client().createRefund({
        transactionReference: started.reference,
        amountCents: 100,
        currency: 'KES',
        merchantNote: 'refund-5',
      }),
    ).rejects.toThrow('Transaction has been fully reversed');
  });

  it('lists refunds only by creation time and page, ignoring a `transaction` filter it does not document', async () => {
    const one = await initialize(10_000);
    const other = await initialize(10_000);
    for (const started of [one, other]) {
      await pay(started.authorizationUrl, { cardNumber: '4242424242424242' });
      await webhooksFor(started.reference);
      await client().createRefund({
        transactionReference: started.reference,
        amountCents: 1_000,
        currency: 'KES',
        merchantNote: `note-${started.reference}`,
      });
    }
    const response = await fetch(
      `${base}/sandbox/paystack/refund?transaction=${one.reference}&perPage=1&page=1`,
      { headers: { authorization: `Bearer ${t.config.paystack.secretKey}` } },
    );
    const body = (await response.json()) as {
      data: { transaction_reference: string }[];
      meta: { pageCount: number };
    };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]?.transaction_reference).toBe(other.reference);
    expect(body.meta.pageCount).toBeGreaterThanOrEqual(2);
    await clock.advance(DELAY_MS);
  });

  it('refuses a refund of a transaction that was not paid or does not exist', async () => {
    const started = await initialize(10_000);
    const refund = (reference: string) =>
      client().createRefund({
        transactionReference: reference,
        amountCents: 100,
        currency: 'KES',
        merchantNote: 'x',
      });
    await expect(refund(started.reference)).rejects.toThrow('Transaction was not successful');
    await expect(refund(newReference())).rejects.toMatchObject({ status: 404 });
    await expect(client().fetchRefund('999')).rejects.toMatchObject({ status: 404 });
  });
});

describe('card sandbox: delivery, restarts and its page', () => {
  it('sends a refused webhook again, like the gateway', async () => {
    const started = await initialize(11_000);
    refusals.push(500);
    await pay(started.authorizationUrl, { cardNumber: '4242424242424242' });
    const [first, second] = await webhooksFor(started.reference, 2, 6000);
    expect(first?.raw.equals(second?.raw as Buffer)).toBe(true);
  });

  it('sends a refused webhook again on Paystack’s schedule: every 3 minutes 4 times, then hourly', async () => {
    // The sandbox's 3 minutes are max(SANDBOX_PAYMENT_DELAY_MS, 1 s): 1 s here, so an hour is 20 s.
    const started = await initialize(12_500);
    refusals.push(500, 500, 500, 500, 500);
    await pay(started.authorizationUrl, { cardNumber: '4242424242424242' });
    await webhooksFor(started.reference, 1);
    await webhooksFor(started.reference, 5, 4 * 1000);
    await webhooksFor(started.reference, 5, 19_000);
    await webhooksFor(started.reference, 6, 1000);
    // Answered 200 at last: nothing more comes.
    await webhooksFor(started.reference, 6, 2 * 3_600_000);
  });

  it('stops sending a webhook refused for 72 hours of hourly tries', async () => {
    const started = await initialize(12_600);
    const tries = 1 + 4 + 72;
    refusals.push(...Array<number>(tries).fill(503));
    await pay(started.authorizationUrl, { cardNumber: '4242424242424242' });
    await webhooksFor(started.reference, 1);
    await webhooksFor(started.reference, tries, 4 * 1000 + 72 * 20_000);
    await webhooksFor(started.reference, tries, 10 * 3_600_000);
    expect(refusals).toHaveLength(0);
  });

  it('sends, once, a webhook that fell due while the server was down', async () => {
    const { db } = t.database;
    const reference = newReference();
    await db.insert(sandboxPaystackTransactions).values({
      id: '1234567890',
      reference,
      accessCode: 'owedowedowedowed',
      email: 'player@playon.test',
      amount: 40_000,
      currency: 'KES',
      callbackUrl: `${hooks}/return`,
      status: 'success',
      gatewayResponse: 'Successful',
      cardLast4: '4242',
      paidAt: new Date(clock.now() - 2000),
      completedAt: new Date(clock.now() - 2000),
      webhookAt: new Date(clock.now() - 1000),
    });
    const instances = await twoMoreInstances((send) => sandboxPaystackRoutes(t.config, db, { send, clock }));
    const [webhook] = await webhooksFor(reference, 1, 0);
    expect(parseWebhookEvent(webhook?.raw as Buffer)).toMatchObject({ reference, amountCents: 40_000 });
    expect(instances.posted.filter((post) => post.body.includes(reference))).toHaveLength(1);
    const [row] = await db
      .select()
      .from(sandboxPaystackTransactions)
      .where(eq(sandboxPaystackTransactions.reference, reference));
    expect(row?.webhookSentAt).toBeInstanceOf(Date);
    await instances.close();
  });

  it('lists recent transactions and the test cards on a page without scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/paystack' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    for (const text of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995', 'Declined']) {
      expect(response.body).toContain(text);
    }
    expect(response.body).not.toContain('<script');
  });
});

describe('card configuration', () => {
  it('serves the sandbox only while no secret key is configured', async () => {
    for (const [env, status] of [
      [{}, 200],
      [{ PAYSTACK_SECRET_KEY: 'sk_live_abc123' }, 404],
    ] as const) {
      expect(await statusWith(env, '/sandbox/paystack')).toBe(status);
    }
    // Builds apps of its own: a minute, not a test's 20 s, on a loaded machine.
  }, 60_000);
});
