import { randomInt, randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Player } from '../../src/modules/auth/service.ts';
import { paymentIntents } from '../../src/modules/payments/schema.ts';
import {
  createPaymentService,
  type PaymentService,
  registerPaymentJobs,
  SEND_PAYOUT_JOB,
} from '../../src/modules/payments/service.ts';
import { createRealtime } from '../../src/modules/realtime/service.ts';
import { createWalletService, type WalletService } from '../../src/modules/wallet/service.ts';
import { signCallbackBody } from '../../src/platform/airtime/callbacks.ts';
import { createInProcessBus } from '../../src/platform/bus/index.ts';
import { boundValues } from '../../src/platform/db.ts';
import { createIdempotency } from '../../src/platform/idempotency/index.ts';
import { answerWriteFor } from '../../src/platform/idempotency/respond.ts';
import { idempotencyKeys } from '../../src/platform/idempotency/schema.ts';
import { createJobQueue, type JobQueue, RunAgainLater } from '../../src/platform/jobs/index.ts';
import { jobs } from '../../src/platform/jobs/schema.ts';
import { signWebhookBody } from '../../src/platform/paystack/webhook.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runJobsNow } from '../support/jobs.ts';
import { providerOn } from '../support/payment-service.ts';
import {
  b2cResultBody,
  paymentProviders,
  recordingAirtime,
  recordingDaraja,
  recordingPaystack,
  stkCallbackBody,
} from '../support/payments.ts';
import { signUpPlayer, type TestPlayer } from '../support/players.ts';
import { statementsDuring } from '../support/statements.ts';

/** A phone of its own for each M-Pesa payment: one phone holds one open STK prompt at a time (ADR 0018). */
const anyPhone = () => `2547${randomInt(10_000_000, 99_999_999)}`;

let t: TestApp;
let wallet: WalletService;
let payments: PaymentService;
let queue: JobQueue;
let daraja: ReturnType<typeof recordingDaraja>;
const answered = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  wallet = createWalletService(t.database.db);
  daraja = recordingDaraja();
  queue = createJobQueue(t.database.db, t.app.log);
  payments = createPaymentService({
    db: t.database.db,
    config: { ...t.config, reconcileAfterMs: 60_000 },
    wallet,
    ...(await paymentProviders(t)),
    // STK Push Query answers what the player did, once the test has decided it (reconciliation).
    daraja: {
      ...daraja.client,
      stkQuery: async (id) => ({ resultCode: answered.get(id) ?? null, resultDesc: '' }),
    },
    jobs: queue,
    realtime: createRealtime(createInProcessBus()),
    log: t.app.log,
  });
  // The service's jobs run on this test's queue, as app.ts registers them on the app's.
  registerPaymentJobs(queue, payments.jobHandlers);
});
afterAll(() => t.close());

/**
 * A withdrawal as the API makes it (ADR 0043): one statement writes it with its Idempotency-Key and
 * answer, on the pool, with no transaction around it.
 */
async function withdrawOnce(
  who: Player,
  body: { paymentMethodId: number; amount: number; mpesaPhoneNumber: string },
  key: string = randomUUID(),
): Promise<PaymentIntent> {
  const stored = await createIdempotency(t.database.db).runInStatement(
    { playerUid: who.uid, key, scope: 'withdraw', body },
    async (keyWrite) => {
      const answerWrite = answerWriteFor(keyWrite, (intent: PaymentIntent) => ({
        statusCode: 200,
        body: intent,
      }));
      return { statusCode: 200, body: await payments.withdrawWith(who, body, answerWrite) };
    },
  );
  return stored.body as PaymentIntent;
}

async function expectLedgerSound() {
  const { accounts, unbalanced } = await wallet.audit();
  expect(unbalanced).toEqual([]);
  for (const account of accounts) {
    if (account.kind === 'WALLET') {
      expect(account.balance, `wallet ${account.ownerUid}`).toBe(account.postingsSum);
      expect(account.balance >= 0n).toBe(true);
    }
  }
  const total = accounts.reduce((sum, a) => sum + a.postingsSum, 0n);
  expect(total).toBe(0n);
}

const player = () => ({ uid: `player-${randomUUID()}`, email: undefined });

async function fund(uid: string, kes: number) {
  await wallet.creditFromMpesa({
    uid,
    amountCents: BigInt(kes * 100),
    intentId: randomUUID(),
    description: 'test funds',
  });
}

describe('the database guards the ledger', () => {
  it('refuses to update or delete an entry or a posting', async () => {
    const uid = `player-${randomUUID()}`;
    await fund(uid, 100);
    await expect(t.database.db.execute('update postings set amount = amount * 2')).rejects.toThrow();
    await expect(t.database.db.execute('delete from journal_entries')).rejects.toThrow();
    await expectLedgerSound();
  });

  it('refuses an entry whose postings do not sum to zero, at commit', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        const inserted = (await tx.execute(
          "insert into journal_entries (kind, description) values ('TEST', 'unbalanced') returning id",
        )) as unknown as { rows: { id: string }[] };
        const entry = inserted.rows[0];
        await tx.execute(
          `insert into postings (entry_id, account_id, amount) select '${entry?.id}', id, 500 from ledger_accounts where code = 'PRIZES'`,
        );
      }),
    ).rejects.toThrow();
    await expectLedgerSound();
  });

  it('refuses a posting to an account that does not exist, to a wallet or a system account alike', async () => {
    const postTo = (accountId: string) =>
      t.database.db.transaction(async (tx) => {
        const inserted = (await tx.execute(
          "insert into journal_entries (kind, description) values ('TEST', 'nowhere') returning id",
        )) as unknown as { rows: { id: string }[] };
        const entry = inserted.rows[0]?.id;
        await tx.execute(
          `insert into postings (entry_id, account_id, amount)
           select '${entry}'::uuid, id, -500 from ledger_accounts where code = 'PRIZES'
           union all select '${entry}'::uuid, '${accountId}'::uuid, 500`,
        );
      });
    const refused = await postTo(randomUUID()).then(
      () => undefined,
      (error: { cause?: { code?: string; message?: string } }) => error.cause,
    );
    expect(refused).toMatchObject({
      code: '23503',
      message: expect.stringMatching(/unknown ledger account/),
    });
    // The same entry to an account that exists commits: the check is the account's, nothing else.
    const [promotions] = (
      (await t.database.db.execute(
        "select id from ledger_accounts where code = 'PROMOTIONS'",
      )) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    await expect(postTo(promotions?.id ?? '')).resolves.toBeUndefined();
    await expectLedgerSound();
  });

  it('refuses to delete, truncate or renumber a ledger account, so a posting never loses its account', async () => {
    const uid = `player-${randomUUID()}`;
    await fund(uid, 100);
    const account = `(select id from ledger_accounts where owner_uid = '${uid}')`;
    await expect(
      t.database.db.execute(`delete from ledger_accounts where id = ${account}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(`update ledger_accounts set id = gen_random_uuid() where id = ${account}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute('truncate ledger_accounts cascade')).rejects.toThrow();
    expect(await wallet.balanceOf(uid)).toBe(10_000n);
    await expectLedgerSound();
  });

  it('refuses a withdrawal the wallet cannot cover, amount and fee together', async () => {
    const uid = `player-${randomUUID()}`;
    await fund(uid, 100);
    await expect(
      wallet.reserveWithdrawal({
        uid,
        amountCents: 9_600n,
        feeCents: 500n,
        intentId: randomUUID(),
        description: 'x',
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await wallet.balanceOf(uid)).toBe(10_000n);
  });
});

type Step =
  | { op: 'topUp'; who: number; amount: number; outcome: 0 | 1032 | 1 | 2001 }
  | { op: 'withdraw'; who: number; amount: number; outcome: 0 | 1 | 2001 }
  | { op: 'deliver'; index: number; times: number }
  | { op: 'reorder' }
  | { op: 'reconcile'; index: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('topUp' as const),
    who: fc.integer({ min: 0, max: 2 }),
    amount: fc.integer({ min: 1, max: 5_000 }),
    outcome: fc.constantFrom(0 as const, 0 as const, 1032 as const, 1 as const, 2001 as const),
  }),
  fc.record({
    op: fc.constant('withdraw' as const),
    who: fc.integer({ min: 0, max: 2 }),
    amount: fc.integer({ min: 10, max: 4_000 }),
    outcome: fc.constantFrom(0 as const, 0 as const, 1 as const, 2001 as const),
  }),
  fc.record({ op: fc.constant('deliver' as const), index: fc.nat(), times: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant('reorder' as const) }),
  fc.record({ op: fc.constant('reconcile' as const), index: fc.nat() }),
);

describe('property: any mix of top-ups, withdrawals, failures and repeated or late callbacks', () => {
  it('keeps every entry balanced, every wallet equal to its postings and never negative, each reference applied once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        const players = [player(), player(), player()];
        // Callbacks Daraja owes us; delivered later, maybe several times, maybe out of order.
        const owed: { kind: 'stk' | 'b2c/result'; body: unknown; intentId: string }[] = [];
        const expected = new Map<string, bigint>(players.map((p) => [p.uid, 0n]));
        for (const step of steps) {
          if (step.op === 'topUp') {
            const who = players[step.who] ?? players[0];
            if (!who) continue;
            const intent = await payments.topUp(who, {
              paymentMethodId: 2,
              amount: step.amount,
              mpesaPhoneNumber: anyPhone(),
            });
            const [checkoutRequestId, asked] = [...daraja.stk.entries()].at(-1) ?? [];
            if (!checkoutRequestId || !asked) throw new Error('no push recorded');
            answered.set(checkoutRequestId, step.outcome);
            owed.push({
              kind: 'stk',
              intentId: intent.id,
              body: stkCallbackBody({
                merchantRequestId: asked.merchantRequestId,
                checkoutRequestId,
                resultCode: step.outcome,
                amount: step.amount,
                receipt: `R${randomUUID().slice(0, 8)}`,
                phone: asked.phone,
              }),
            });
            if (step.outcome === 0)
              expected.set(who.uid, (expected.get(who.uid) ?? 0n) + BigInt(step.amount * 100));
          } else if (step.op === 'withdraw') {
            const who = players[step.who] ?? players[0];
            if (!who) continue;
            try {
              const intent = await withdrawOnce(who, {
                paymentMethodId: 2,
                amount: step.amount,
                mpesaPhoneNumber: '254712345678',
              });
              await runJobsNow(t.database.db, queue, SEND_PAYOUT_JOB);
              const sent = daraja.b2c.get(intent.id);
              if (!sent) throw new Error('no B2C recorded');
              const total = BigInt(Math.round((intent.amount + intent.fee) * 100));
              expected.set(who.uid, (expected.get(who.uid) ?? 0n) - total);
              owed.push({
                kind: 'b2c/result',
                intentId: intent.id,
                body: b2cResultBody({
                  originatorConversationId: intent.id,
                  conversationId: sent.conversationId,
                  resultCode: step.outcome,
                  amount: step.amount,
                  transactionId: `T${randomUUID().slice(0, 8)}`,
                  phone: sent.phone,
                }),
              });
              // A failed payout comes back to the wallet when its result is delivered.
              if (step.outcome !== 0) expected.set(who.uid, (expected.get(who.uid) ?? 0n) + total);
            } catch (error) {
              expect(error).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
            }
          } else if (step.op === 'deliver' && owed.length > 0) {
            const callback = owed[step.index % owed.length];
            if (!callback) continue;
            await Promise.all(
              Array.from({ length: step.times }, () => payments.handleCallback(callback.kind, callback.body)),
            );
          } else if (step.op === 'reconcile' && owed.length > 0) {
            // The reconciliation job racing the callbacks: an STK Push Query, or a Transaction Status request.
            const callback = owed[step.index % owed.length];
            if (!callback) continue;
            await payments.reconcileNow(callback.intentId).catch((error: unknown) => {
              if (!(error instanceof RunAgainLater)) throw error;
            });
          } else if (step.op === 'reorder') {
            owed.reverse();
          }
        }
        // Everything still owed arrives at last, twice, newest first.
        for (const callback of [...owed].reverse()) {
          await payments.handleCallback(callback.kind, callback.body);
          await payments.handleCallback(callback.kind, callback.body);
        }
        for (const p of players) expect(await wallet.balanceOf(p.uid)).toBe(expected.get(p.uid));
        for (const callback of owed) {
          const kinds =
            callback.kind === 'stk'
              ? (['TOPUP'] as const)
              : (['WITHDRAWAL_SETTLE', 'WITHDRAWAL_REVERSAL'] as const);
          let applied = 0;
          for (const kind of kinds) applied += await wallet.countEntries(callback.intentId, kind);
          expect(applied).toBeLessThanOrEqual(1);
        }
        await expectLedgerSound();
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 100) },
    );
  }, 180_000);
});

type MoreStep =
  | { op: 'mpesaTopUp'; who: number; amount: number }
  | { op: 'card'; who: number; friend: number | null; amount: number; pay: boolean }
  | { op: 'walletBoost'; who: number; friend: number; amount: number }
  | { op: 'mpesaBoost'; who: number; friend: number; amount: number; outcome: 0 | 1032 }
  | { op: 'subscribe'; who: number; method: 'WALLET' | 'MPESA' | 'CARD' | 'AIRTIME'; outcome: 0 | 1 }
  | { op: 'deliver'; index: number; times: number; forged: boolean }
  | { op: 'reconcile'; index: number }
  | { op: 'return'; index: number };

const who = fc.integer({ min: 0, max: 2 });
const moreStepArb: fc.Arbitrary<MoreStep> = fc.oneof(
  fc.record({ op: fc.constant('mpesaTopUp' as const), who, amount: fc.integer({ min: 1, max: 3_000 }) }),
  fc.record({
    op: fc.constant('card' as const),
    who,
    friend: fc.option(who, { nil: null }),
    amount: fc.integer({ min: 1, max: 3_000 }),
    pay: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('walletBoost' as const),
    who,
    friend: who,
    amount: fc.integer({ min: 1, max: 2_000 }),
  }),
  fc.record({
    op: fc.constant('mpesaBoost' as const),
    who,
    friend: who,
    amount: fc.integer({ min: 1, max: 2_000 }),
    outcome: fc.constantFrom(0 as const, 1032 as const),
  }),
  fc.record({
    op: fc.constant('subscribe' as const),
    who,
    method: fc.constantFrom('WALLET' as const, 'MPESA' as const, 'CARD' as const, 'AIRTIME' as const),
    outcome: fc.constantFrom(0 as const, 0 as const, 1 as const),
  }),
  fc.record({
    op: fc.constant('deliver' as const),
    index: fc.nat(),
    times: fc.integer({ min: 1, max: 3 }),
    forged: fc.boolean(),
  }),
  fc.record({ op: fc.constant('reconcile' as const), index: fc.nat() }),
  fc.record({ op: fc.constant('return' as const), index: fc.nat() }),
);

const methodIds = { WALLET: 1, MPESA: 2, CARD: 3, AIRTIME: 4 } as const;

describe('property: card, airtime, wallet boosts and subscriptions, with replayed and forged webhooks and callbacks', () => {
  let more: PaymentService;
  const paystack = recordingPaystack();
  const airtime = recordingAirtime();
  const mpesa = recordingDaraja();
  const mpesaAnswers = new Map<string, number>();
  let players: TestPlayer[];
  let prices: Map<string, { id: number; cents: bigint }>;

  beforeAll(async () => {
    const providers = await paymentProviders(t);
    more = createPaymentService({
      db: t.database.db,
      config: { ...t.config, reconcileAfterMs: 60_000 },
      wallet,
      ...providers,
      paystack: paystack.client,
      airtime: airtime.client,
      daraja: {
        ...mpesa.client,
        stkQuery: async (id) => ({ resultCode: mpesaAnswers.get(id) ?? null, resultDesc: '' }),
      },
      jobs: createJobQueue(t.database.db, t.app.log),
      realtime: createRealtime(createInProcessBus()),
      log: t.app.log,
    });
    players = [await signUpPlayer(t.app), await signUpPlayer(t.app), await signUpPlayer(t.app)];
    const packages = await providers.subscriptions.listPackages();
    prices = new Map(packages.map((p) => [p.name, { id: p.id, cents: BigInt(Math.round(p.amount * 100)) }]));
  });

  it('keeps every entry balanced, wallets equal to their postings and never negative, each payment applied once', async () => {
    const secretKey = t.config.paystack.secretKey;
    const consumerSecret = t.config.airtime.consumerSecret;
    await fc.assert(
      fc.asyncProperty(fc.array(moreStepArb, { minLength: 1, maxLength: 20 }), async (steps) => {
        const expected = new Map<string, bigint>();
        for (const p of players) expected.set(p.uid, await wallet.balanceOf(p.uid));
        const add = (uid: string, cents: bigint) => expected.set(uid, (expected.get(uid) ?? 0n) + cents);
        type Owed = { kind: 'stk' | 'card' | 'airtime'; intentId: string; raw: string };
        const owed: Owed[] = [];
        const paid: string[] = [];
        const pick = (i: number) => players[i % players.length] as TestPlayer;

        const stkOwed = (intentId: string, amount: number, outcome: number) => {
          const [checkoutRequestId, asked] = [...mpesa.stk.entries()].at(-1) ?? [];
          if (!checkoutRequestId || !asked) throw new Error('no push recorded');
          mpesaAnswers.set(checkoutRequestId, outcome);
          owed.push({
            kind: 'stk',
            intentId,
            raw: JSON.stringify(
              stkCallbackBody({
                merchantRequestId: asked.merchantRequestId,
                checkoutRequestId,
                resultCode: outcome,
                amount,
                receipt: `R${randomUUID().slice(0, 8)}`,
                phone: asked.phone,
              }),
            ),
          });
        };

        for (const step of steps) {
          if (step.op === 'mpesaTopUp') {
            const p = pick(step.who);
            const intent = await more.topUp(p, {
              paymentMethodId: 2,
              amount: step.amount,
              mpesaPhoneNumber: anyPhone(),
            });
            stkOwed(intent.id, step.amount, 0);
            add(p.uid, BigInt(step.amount * 100));
            paid.push(intent.id);
          } else if (step.op === 'card') {
            const p = pick(step.who);
            const friend = step.friend === null ? p : pick(step.friend);
            const intent = await more.topUp(p, {
              paymentMethodId: 3,
              amount: step.amount,
              userId: friend.uid,
            });
            const cents = step.amount * 100;
            paystack.outcomes.set(intent.id, { status: step.pay ? 'success' : 'failed', amountCents: cents });
            if (step.pay) {
              add(friend.uid, BigInt(cents));
              paid.push(intent.id);
              owed.push({
                kind: 'card',
                intentId: intent.id,
                raw: JSON.stringify({
                  event: 'charge.success',
                  data: {
                    reference: intent.id,
                    amount: cents,
                    currency: 'KES',
                    status: 'success',
                    paid_at: new Date().toISOString(),
                  },
                }),
              });
            } else owed.push({ kind: 'card', intentId: intent.id, raw: '' });
          } else if (step.op === 'walletBoost') {
            const p = pick(step.who);
            const friend = pick(step.friend);
            const before = await wallet.balanceOf(p.uid);
            try {
              const intent = await more.topUp(p, {
                paymentMethodId: 1,
                amount: step.amount,
                userId: friend.uid,
              });
              if (friend.uid === p.uid) throw new Error('a self boost must be refused as a wallet top-up');
              expect(intent.status).toBe('COMPLETED');
              add(p.uid, -BigInt(step.amount * 100));
              add(friend.uid, BigInt(step.amount * 100));
              paid.push(intent.id);
            } catch (error) {
              if (friend.uid === p.uid) expect(error).toMatchObject({ code: 'BAD_REQUEST' });
              else {
                expect(error).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
                expect(before < BigInt(step.amount * 100)).toBe(true);
              }
            }
          } else if (step.op === 'mpesaBoost') {
            const p = pick(step.who);
            const friend = pick(step.friend);
            const intent = await more.topUp(p, {
              paymentMethodId: 2,
              amount: step.amount,
              mpesaPhoneNumber: anyPhone(),
              userId: friend.uid,
            });
            stkOwed(intent.id, step.amount, step.outcome);
            if (step.outcome === 0) {
              add(friend.uid, BigInt(step.amount * 100));
              paid.push(intent.id);
            }
          } else if (step.op === 'subscribe') {
            const p = pick(step.who);
            const bronze = prices.get('Bronze');
            if (!bronze) throw new Error('no Bronze');
            const before = await wallet.balanceOf(p.uid);
            try {
              const intent = await more.subscribe(p, {
                paymentMethodId: methodIds[step.method],
                subscriptionPackageId: bronze.id,
                mpesaPhoneNumber: anyPhone(),
              });
              const ok = step.outcome === 0;
              if (step.method === 'WALLET') {
                add(p.uid, -bronze.cents);
                paid.push(intent.id);
              } else if (step.method === 'MPESA') {
                stkOwed(intent.id, 10, ok ? 0 : 1);
                if (ok) paid.push(intent.id);
              } else if (step.method === 'CARD') {
                paystack.outcomes.set(intent.id, { status: ok ? 'success' : 'failed', amountCents: 1000 });
                owed.push({
                  kind: 'card',
                  intentId: intent.id,
                  raw: ok
                    ? JSON.stringify({
                        event: 'charge.success',
                        data: { reference: intent.id, amount: 1000, currency: 'KES', status: 'success' },
                      })
                    : '',
                });
                if (ok) paid.push(intent.id);
              } else {
                const asked = airtime.charges.get(intent.id);
                if (!asked) throw new Error('no airtime charge recorded');
                asked.resultCode = ok ? 0 : 1;
                owed.push({
                  kind: 'airtime',
                  intentId: intent.id,
                  raw: JSON.stringify({
                    chargeId: asked.chargeId,
                    reference: intent.id,
                    msisdn: asked.msisdn,
                    amount: asked.amount,
                    resultCode: asked.resultCode,
                    resultDesc: ok ? 'The charge was successful' : 'Insufficient airtime',
                    completedAt: new Date().toISOString(),
                  }),
                });
                if (ok) paid.push(intent.id);
              }
            } catch (error) {
              expect(step.method).toBe('WALLET');
              expect(error).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
              expect(before < bronze.cents).toBe(true);
            }
          } else if (owed.length > 0) {
            const callback = owed[step.index % owed.length] as Owed;
            if (step.op === 'reconcile') {
              await more.reconcileNow(callback.intentId).catch((error: unknown) => {
                if (!(error instanceof RunAgainLater)) throw error;
              });
            } else if (step.op === 'return') {
              if (callback.kind === 'card')
                await providerOn(more.cardCallbacks).handleReturn(callback.intentId);
            } else {
              await Promise.all(Array.from({ length: step.times }, () => deliver(callback, step.forged)));
            }
          }
        }

        async function deliver(callback: Owed, forged: boolean) {
          if (callback.raw === '') return;
          const raw = Buffer.from(callback.raw);
          if (callback.kind === 'stk') return more.handleCallback('stk', JSON.parse(callback.raw));
          if (callback.kind === 'card') {
            const signature = signWebhookBody(raw, forged ? 'sk_test_forger' : secretKey);
            expect(await providerOn(more.cardCallbacks).handleWebhook(raw, signature)).toBe(
              forged ? 'unauthorized' : 'ok',
            );
            return;
          }
          const signature = signCallbackBody(raw, forged ? 'forger' : consumerSecret);
          expect(await providerOn(more.airtimeCallbacks).handleResult(raw, signature)).toBe(
            forged ? 'unauthorized' : 'ok',
          );
        }

        // Everything owed arrives at last, twice (the card gateway's failures are learnt by verifying).
        for (const callback of [...owed].reverse()) {
          await deliver(callback, true);
          await deliver(callback, false);
          await deliver(callback, false);
          if (callback.kind !== 'stk') await more.reconcileNow(callback.intentId).catch(() => {});
        }
        for (const p of players) expect(await wallet.balanceOf(p.uid)).toBe(expected.get(p.uid));
        for (const intentId of new Set([...paid, ...owed.map((o) => o.intentId)])) {
          let applied = 0;
          for (const kind of ['TOPUP', 'BOOST', 'SUBSCRIPTION'] as const)
            applied += await wallet.countEntries(intentId, kind);
          expect(applied).toBe(paid.includes(intentId) ? 1 : 0);
        }
        await expectLedgerSound();
      }),
      { numRuns: Math.max(10, Math.round(Number(process.env.PROPERTY_RUNS ?? 100) / 2)) },
    );
  }, 240_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: 100 concurrent wallet boosts both ways between two players never deadlock nor overdraw',
    async () => {
      const [a, b] = players as [TestPlayer, TestPlayer];
      for (const p of [a, b])
        await wallet.creditFromMpesa({
          uid: p.uid,
          amountCents: 2_000_00n,
          intentId: randomUUID(),
          description: 'test funds',
        });
      const total = (await wallet.balanceOf(a.uid)) + (await wallet.balanceOf(b.uid));
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, (_, i) => {
          const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
          return more.topUp(from, { paymentMethodId: 1, amount: 100, userId: to.uid });
        }),
      );
      for (const r of results)
        if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
      expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(0);
      expect((await wallet.balanceOf(a.uid)) + (await wallet.balanceOf(b.uid))).toBe(total);
      await expectLedgerSound();
    },
  );
});

describe('withdrawals by group commit (ADR 0044)', () => {
  const body = { paymentMethodId: 2, amount: 100, mpesaPhoneNumber: '254712345678' };

  it('many players at once: each wallet gives what it covers and no more, in fewer statements than withdrawals', async () => {
    // KES 100 + KES 0 fee (the first band) each: 12 wallets cover 3 of their 5, and 4 cover none.
    const funded = Array.from({ length: 12 }, player);
    const broke = Array.from({ length: 4 }, player);
    for (const who of funded) await fund(who.uid, 300);
    const asked = [...funded.flatMap((who) => Array.from({ length: 5 }, () => who)), ...broke];
    let results: PromiseSettledResult<PaymentIntent>[] = [];
    // What drizzle builds meanwhile: the batch statement at most once (never again once built).
    const builds = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    const statements = await statementsDuring(t.database, async () => {
      results = await Promise.allSettled(asked.map((who) => withdrawOnce(who, body)));
    });
    const batchBuilds = builds.mock.results.filter(
      (built) => built.type === 'return' && /insert into payment_intents[\s\S]*unnest/i.test(built.value.sql),
    );
    builds.mockRestore();
    const answered = (who: Player) =>
      results.filter((result, i) => asked[i] === who && result.status === 'fulfilled').length;
    for (const who of funded) {
      expect(answered(who), who.uid).toBe(3);
      expect(await wallet.balanceOf(who.uid)).toBe(0n);
    }
    for (const who of broke) expect(answered(who), who.uid).toBe(0);
    for (const result of results)
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    // 36 withdrawals written: alone, each would have been a statement inserting its intent.
    const written = statements.filter((text) => /insert into payment_intents/i.test(text));
    expect(written.length).toBeLessThan(36 / 2);
    // Batches of 16 and of 12: one text for both, whatever the size (one array per column).
    const batchTexts = new Set(written.filter((text) => /unnest/i.test(text)));
    expect(batchTexts.size).toBe(1);
    // Built by drizzle once for both batches (its parts' SQL built once, ADR 0044), then only bound.
    expect(batchBuilds.length).toBeLessThanOrEqual(1);
    // Each written withdrawal has its payout and reconcile jobs and its key with its answer.
    const ids = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.id] : []));
    const [queued] = await t.database.db
      .select({ n: count() })
      .from(jobs)
      .where(inArray(sql`${jobs.payload}->>'intentId'`, ids));
    const [keys] = await t.database.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(inArray(sql`${idempotencyKeys.response}->>'id'`, ids));
    const [allKeys] = await t.database.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(
        inArray(
          idempotencyKeys.playerUid,
          [...funded, ...broke].map((who) => who.uid),
        ),
      );
    // Every request's key holds its answer, a refusal's too (stored after its statement undid nothing).
    expect([ids.length, queued?.n, keys?.n, allKeys?.n]).toEqual([36, 72, 36, asked.length]);
    await expectLedgerSound();
  });

  it("refuses a statement whose two parts fill one placeholder, rather than one silently taking the other's values", () => {
    const reserve = { sql: sql`select ${sql.placeholder('reserve_uid')}`, values: { reserve_uid: ['a'] } };
    const jobsPart = { sql: sql`select ${sql.placeholder('jobs_kind')}`, values: { jobs_kind: ['payout'] } };
    expect(boundValues([reserve, jobsPart])).toEqual({ reserve_uid: ['a'], jobs_kind: ['payout'] });
    expect(() => boundValues([reserve, { ...jobsPart, values: { reserve_uid: ['b'] } }])).toThrow(
      'two parts of one statement fill the placeholder reserve_uid',
    );
  });

  it("a repeated Idempotency-Key moves the money once, even in a batch with other players' withdrawals", async () => {
    const players = Array.from({ length: 8 }, player);
    for (const who of players) await fund(who.uid, 1_000);
    const keys = new Map(players.map((who) => [who, randomUUID()]));
    // Each player sends the same withdrawal twice at once: the second waits for the first (one per
    // wallet in a batch) and meets its key in a batch with the others, which are then written alone.
    const answers = await Promise.all(
      [...players, ...players].map((who) => withdrawOnce(who, body, keys.get(who))),
    );
    for (let i = 0; i < players.length; i++) expect(answers[i + players.length]).toEqual(answers[i]);
    for (const who of players) expect(await wallet.balanceOf(who.uid)).toBe(900_00n);
    await expectLedgerSound();
  });
});

describe('payout results settled together (ADR 0059)', () => {
  it('results Daraja sends at once end in one transaction, a statement per step, each once, repeats and failures among them', async () => {
    const players = Array.from({ length: 12 }, player);
    for (const who of players) await fund(who.uid, 300);
    const body = { paymentMethodId: 2, amount: 100, mpesaPhoneNumber: '254712345678' };
    const intents: PaymentIntent[] = [];
    for (const who of players) intents.push(await withdrawOnce(who, body));
    await runJobsNow(t.database.db, queue, SEND_PAYOUT_JOB);
    // The first eight went through; the last four were refused by M-Pesa and come back to the wallet.
    const results = intents.map((intent, i) => {
      const sent = daraja.b2c.get(intent.id);
      if (!sent) throw new Error('no B2C recorded');
      return b2cResultBody({
        originatorConversationId: intent.id,
        conversationId: sent.conversationId,
        resultCode: i < 8 ? 0 : 2001,
        amount: 100,
        transactionId: `T${randomUUID().slice(0, 8)}`,
        phone: sent.phone,
      });
    });
    // Two of them delivered twice in the same breath, as Daraja retries.
    const delivered = [...results, results[0], results[9]];
    const statements = await statementsDuring(t.database, () =>
      Promise.all(delivered.map((result) => payments.handleCallback('b2c/result', result))),
    );
    for (const [i, intent] of intents.entries()) {
      const [row] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id));
      expect(row?.status, intent.id).toBe(i < 8 ? 'COMPLETED' : 'ERROR');
      expect(await wallet.countEntries(intent.id, 'WITHDRAWAL_SETTLE')).toBe(i < 8 ? 1 : 0);
      expect(await wallet.countEntries(intent.id, 'WITHDRAWAL_REVERSAL')).toBe(i < 8 ? 0 : 1);
      expect(await wallet.balanceOf(players[i]?.uid ?? '')).toBe(i < 8 ? 200_00n : 300_00n);
    }
    // Ended intents have nothing left to look up: their reconciliation jobs are gone with the ending.
    const [waiting] = await t.database.db
      .select({ n: count() })
      .from(jobs)
      .where(
        inArray(
          jobs.key,
          intents.map((intent) => `reconcile:${intent.id}`),
        ),
      );
    expect(waiting?.n).toBe(0);
    // Alone, twelve endings would each have sent their own UPDATE and ledger entry.
    const moves = statements.filter((text) => /^update "payment_intents"/i.test(text));
    const entries = statements.filter((text) => /insert into journal_entries/i.test(text));
    expect(moves.length).toBeLessThan(12 / 2);
    expect(entries.length).toBeLessThan(12 / 2);
    expect(moves.some((text) => /unnest/i.test(text))).toBe(true);
    await expectLedgerSound();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrency on PostgreSQL', () => {
  it('200 concurrent withdrawals on a wallet that covers 50: exactly 50 reserved, never negative', async () => {
    const who = player();
    // Each withdrawal: KES 100 + KES 0 fee (the first band) = 100; fund 50 of them.
    await fund(who.uid, 50 * 100);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        // Half in one statement each, as the API sends them; half in a transaction of their own.
        (i % 2 === 0 ? withdrawOnce : payments.withdraw)(who, {
          paymentMethodId: 2,
          amount: 100,
          mpesaPhoneNumber: '254712345678',
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(50);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await wallet.balanceOf(who.uid)).toBe(0n);
    // Nothing of a refused one was written: 50 intents, each with its payout and reconcile jobs.
    const ids = ok.map((r) => (r as PromiseFulfilledResult<PaymentIntent>).value.id);
    const [intents] = await t.database.db
      .select({ n: count() })
      .from(paymentIntents)
      .where(eq(paymentIntents.playerUid, who.uid));
    const [queued] = await t.database.db
      .select({ n: count() })
      .from(jobs)
      .where(inArray(sql`${jobs.payload}->>'intentId'`, ids));
    expect([intents?.n, queued?.n]).toEqual([50, 100]);
    await expectLedgerSound();
  });

  it('40 concurrent withdrawals with one Idempotency-Key, each in one statement: one reserved, one answer', async () => {
    const who = player();
    await fund(who.uid, 1_000);
    const key = randomUUID();
    const body = { paymentMethodId: 2, amount: 100, mpesaPhoneNumber: '254712345678' };
    const answers = await Promise.all(Array.from({ length: 40 }, () => withdrawOnce(who, body, key)));
    expect(new Set(answers.map((intent) => intent.id)).size).toBe(1);
    expect(await wallet.balanceOf(who.uid)).toBe(900_00n);
    await expectLedgerSound();
  });

  it('the same STK callback delivered 3 times in parallel credits once', async () => {
    const who = player();
    const intent = await payments.topUp(who, {
      paymentMethodId: 2,
      amount: 750,
      mpesaPhoneNumber: '254712345678',
    });
    const [checkoutRequestId, asked] = [...daraja.stk.entries()].at(-1) ?? [];
    if (!checkoutRequestId || !asked) throw new Error('no push recorded');
    const body = stkCallbackBody({
      merchantRequestId: asked.merchantRequestId,
      checkoutRequestId,
      resultCode: 0,
      amount: 750,
      receipt: 'RKT123ABC9',
      phone: '254712345678',
    });
    await Promise.all([1, 2, 3].map(() => payments.handleCallback('stk', body)));
    expect(await wallet.balanceOf(who.uid)).toBe(75_000n);
    expect(await wallet.countEntries(intent.id, 'TOPUP')).toBe(1);
    await expectLedgerSound();
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('concurrency (PGlite)', () => {
  it.skip('needs PostgreSQL: PGlite has one connection, so nothing runs concurrently; set TEST_DATABASE_URL', () => {});
});
