import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callbackKinds,
  callbackRoutes,
  formerCallbackRoute,
} from '../../src/modules/payments/providers/mpesa/callback-urls.ts';
import { AIRTIME_SIGNATURE_HEADER, signCallbackBody } from '../../src/platform/airtime/callbacks.ts';
import { PAYSTACK_SIGNATURE_HEADER, signWebhookBody } from '../../src/platform/paystack/webhook.ts';
import type { TestApp } from '../support/app.ts';
import {
  arrangeRecords,
  type ChangedRow,
  changedRows,
  describeChange,
  type IssuedId,
  recordsSnapshot,
} from '../support/attack-records.ts';
import { pathWith, type Route, routesWithoutSignIn } from '../support/attack-routes.ts';
import { someAddress } from '../support/challenges.ts';
import { createClockedTestApp } from '../support/clocked-top-up.ts';
import { expectLedgerSound } from '../support/ledger-audit.ts';
import { b2cResultBody, stkCallbackBody } from '../support/payments.ts';
import { createSandboxClock } from '../support/sandbox-clock.ts';

/**
 * Routes without sign-in that only read, each with why nothing it does can move money or a record.
 * Every other route without sign-in is called below with every id; a new one is, by itself.
 */
const READ_ONLY: Record<string, string> = {};

/** Field names a provider or a form puts an id or reference in: each gets the id in a generic body. */
const ID_FIELDS = [
  'id',
  'reference',
  'trxref',
  'code',
  'token',
  'transaction',
  'transaction_reference',
  'merchant_note',
  'CheckoutRequestID',
  'MerchantRequestID',
  'OriginatorConversationID',
  'ConversationID',
  'chargeId',
  'email',
  'uid',
  'userId',
];

/** One request, and whether it carries the provider's own secret or signature. */
interface Attempt {
  request: Omit<InjectOptions, 'method'>;
  isSigned: boolean;
}

/**
 * The one thing a provider's signed word may move here: a refund event about one of our card payments
 * makes us follow that payment's refunds with the gateway at once (providers/card/refunds.ts), so a
 * refund to the card still waiting to be sent is sent (PENDING → IN_PROGRESS, with the gateway's
 * refund id). Its money does not move.
 */
function isCardRefundSent({ key, before, after }: ChangedRow): boolean {
  if (!key.startsWith('intent ') || !before || !after) return false;
  const moved = Object.keys(after).filter((name) => before[name] !== after[name]);
  return (
    after.type === 'REFUND' &&
    after.method_code === 'CARD' &&
    before.status === 'PENDING' &&
    after.status === 'IN_PROGRESS' &&
    moved.every((name) => ['status', 'card_refund_id'].includes(name))
  );
}

const json = (raw: string, headers: Record<string, string> = {}) => ({
  payload: raw,
  headers: { 'content-type': 'application/json', ...headers },
});

let t: TestApp;
let ids: IssuedId[];
let routes: Route[];
const clock = createSandboxClock();

beforeAll(async () => {
  t = await createClockedTestApp(clock, {
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
    PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '1000',
    RECONCILE_AFTER_MS: '3600000',
  });
  ids = await arrangeRecords(t, clock);
  routes = await routesWithoutSignIn(t.app);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/**
 * What a provider sends, aimed at `id` in each of its id fields: with a wrong secret or signature, and
 * with the right ones but contradicting the provider's own records (an amount it never took, an id
 * that names no transaction of its), so that nothing may follow either way.
 */
function providerRequests(route: Route, id: string): Attempt[] | undefined {
  const secret = t.config.mpesaCallbackSecret;
  // Each Daraja callback at its path and at its former one (ADR 0075).
  const mpesa = callbackKinds.find(
    (kind) => callbackRoutes[kind] === route.path || formerCallbackRoute(kind) === route.path,
  );
  if (mpesa) {
    const bodies =
      mpesa === 'stk'
        ? [0, 1032].map((resultCode) =>
            stkCallbackBody({
              merchantRequestId: id,
              checkoutRequestId: id,
              resultCode,
              amount: 1,
              receipt: 'RKT0000000',
              phone: '254712345678',
            }),
          )
        : [0, 1].map((resultCode) =>
            b2cResultBody({
              originatorConversationId: id,
              conversationId: id,
              resultCode,
              amount: 1,
              transactionId: id,
              phone: '254712345678',
            }),
          );
    return [id, secret].flatMap((given) =>
      bodies.map((body) => ({
        request: {
          url: route.path.replace(':secret', encodeURIComponent(given)),
          payload: body,
        },
        isSigned: given === secret,
      })),
    );
  }
  if (route.key === 'POST /api/payments/callbacks/airtime/:secret') {
    const raw = (resultCode: number) =>
      JSON.stringify({
        chargeId: id,
        reference: id,
        msisdn: '254712345678',
        amount: 1,
        resultCode,
        resultDesc: resultCode === 0 ? 'Success' : 'Request cancelled by user',
        completedAt: new Date().toISOString(),
      });
    const url = (given: string) => `/api/payments/callbacks/airtime/${encodeURIComponent(given)}`;
    return [0, 1032].flatMap((code) => [
      { request: { url: url(id), ...json(raw(code)) }, isSigned: false },
      { request: { url: url(secret), ...json(raw(code)) }, isSigned: false },
      {
        request: { url: url(secret), ...json(raw(code), { [AIRTIME_SIGNATURE_HEADER]: 'ab'.repeat(32) }) },
        isSigned: false,
      },
      {
        request: {
          url: url(secret),
          ...json(raw(code), {
            [AIRTIME_SIGNATURE_HEADER]: signCallbackBody(raw(code), t.config.airtime.consumerSecret),
          }),
        },
        isSigned: true,
      },
    ]);
  }
  if (route.key === 'POST /api/payments/callbacks/card') {
    const charge = JSON.stringify({
      event: 'charge.success',
      data: {
        reference: id,
        amount: 1,
        currency: 'KES',
        status: 'success',
        paid_at: new Date().toISOString(),
      },
    });
    const refunds = ['refund.processed', 'refund.failed'].map((event) =>
      JSON.stringify({
        event,
        data: { id, status: event.slice(7), transaction_reference: id, merchant_note: id, amount: 1 },
      }),
    );
    const sign = (raw: string) => signWebhookBody(raw, t.config.paystack.secretKey);
    return [charge, ...refunds].flatMap((raw) => [
      { request: { url: route.path, ...json(raw) }, isSigned: false },
      {
        request: { url: route.path, ...json(raw, { [PAYSTACK_SIGNATURE_HEADER]: 'ab'.repeat(64) }) },
        isSigned: false,
      },
      {
        request: { url: route.path, ...json(raw, { [PAYSTACK_SIGNATURE_HEADER]: sign(raw) }) },
        isSigned: true,
      },
    ]);
  }
  return undefined;
}

/** Any other route: the id in every path parameter, in the query under each id name, and in the body. */
function genericRequests(route: Route, id: string): Attempt[] {
  const query = new URLSearchParams(ID_FIELDS.map((name): [string, string] => [name, id])).toString();
  const url = `${pathWith(route, id)}?${query}`;
  if (route.method === 'GET') return [{ request: { url }, isSigned: false }];
  const body = Object.fromEntries(ID_FIELDS.map((name) => [name, id]));
  const attempts: Attempt[] = [{ request: { url, payload: body }, isSigned: false }];
  // Identity's forms also want an address and a password that pass their checks.
  if (route.path.startsWith('/api/auth/')) {
    const form = { ...body, email: `${id}@example.com`, password: 'secret-123', newPassword: 'secret-456' };
    attempts.push({ request: { url, payload: form }, isSigned: false });
  }
  return attempts;
}

describe('every route without sign-in, called with every id the system issues', () => {
  it('moves no money and changes no payment, subscription, challenge or session', async () => {
    expect(ids.length).toBeGreaterThan(20);
    const stale = Object.keys(READ_ONLY).filter((key) => !routes.some((route) => route.key === key));
    expect(stale, 'READ_ONLY names routes the app no longer has').toEqual([]);
    const called = routes.filter((route) => !(route.key in READ_ONLY));
    expect(called.map((route) => route.key)).toEqual(
      expect.arrayContaining([
        'GET /api/payments/callbacks/card/return',
        'POST /api/payments/callbacks/card',
        'POST /api/payments/callbacks/stk/:secret',
        'POST /api/payments/callbacks/payout/:secret/result',
        'POST /api/payments/callbacks/payout-status/:secret/result',
        'POST /api/payments/callbacks/mpesa/:secret/stk',
        'POST /api/payments/callbacks/mpesa/:secret/b2c/result',
        'POST /api/payments/callbacks/airtime/:secret',
        'POST /api/auth/request-password-reset',
      ]),
    );

    const moved: string[] = [];
    const refused: string[] = [];
    let requests = 0;
    for (const route of called) {
      // Anonymous attempts and those with the provider's own secret are judged apart.
      for (const signed of [false, true]) {
        const start = await recordsSnapshot(t);
        const waitingAtStart = clock.pending();
        for (const { label, id } of ids) {
          const attempts = (providerRequests(route, id) ?? genericRequests(route, id)).filter(
            (attempt) => attempt.isSigned === signed,
          );
          for (const { request } of attempts) {
            const response = await t.app.inject({
              method: route.method as InjectOptions['method'],
              remoteAddress: someAddress(),
              ...request,
              headers: { origin: t.config.publicUrl, ...request.headers },
            });
            requests++;
            if (response.statusCode === 429 || response.statusCode >= 500)
              refused.push(
                `${route.key} with ${label}: ${response.statusCode} ${response.body.slice(0, 120)}`,
              );
          }
        }
        // A row that moved names its own id, so the report says which record did.
        const all = changedRows(start, await recordsSnapshot(t));
        const allowed = all.filter(
          (change) => signed && route.key === 'POST /api/payments/callbacks/card' && isCardRefundSent(change),
        );
        const changed = all.filter((change) => !allowed.includes(change)).map(describeChange);
        // What a sandbox was asked to do later: only the sending of those refunds.
        const scheduled = clock.pending() - waitingAtStart;
        if (scheduled !== allowed.length) changed.push(`${scheduled} deliveries left waiting with a sandbox`);
        const who = signed ? 'with the provider’s secret' : 'anonymously';
        if (changed.length > 0) moved.push(`${route.key} ${who}: ${changed.join('; ')}`);
      }
    }
    console.log(
      `attack-unauthenticated routes=${called.length} ids=${ids.length} requests=${requests} moved=${moved.length}`,
    );
    expect(moved).toEqual([]);
    // Every request reached its route: none held back by a limit, none failed.
    expect(refused).toEqual([]);
    await expectLedgerSound(t.database.db);
  }, 600_000);
});
