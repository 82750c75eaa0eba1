import { randomUUID } from 'node:crypto';
import { type PaymentIntent, TopUpRequestSchema } from '@playon/shared/payments';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/errors.ts';
import {
  createIdempotency,
  IDEMPOTENCY_LEASE_MS,
  type KeyHold,
  requestHashOf,
  type StoredResponse,
  stillRunningMessage,
} from '../../src/platform/idempotency/index.ts';
import { idempotencyKeys } from '../../src/platform/idempotency/schema.ts';
import { jobs } from '../../src/platform/jobs/schema.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { eventually } from '../support/payments.ts';
import { playerApi } from '../support/player-api.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// The whole app on a real port, so the Daraja sandbox can answer the top-up a retry runs again.
let t: PaymentsTestApp;
let player: TestPlayer;
beforeAll(async () => {
  t = await createPaymentsTestApp();
  player = await signUpPlayer(t.app);
});
afterAll(() => t.close());

const MPESA = 2;

/**
 * What a process that died mid-request leaves behind: the key held, no answer, a lease nobody
 * renews, which lapsed already or (`leaseLeftMs`) runs out that long from now.
 */
async function keyLeftByDeadProcess(
  playerUid: string,
  key: string,
  requestHash: string,
  leaseLeftMs = -1000,
) {
  await t.database.db.insert(idempotencyKeys).values({
    playerUid,
    key,
    requestHash,
    owner: 'a-process-that-is-gone',
    lockedUntil: sql`now() + ${`${leaseLeftMs} milliseconds`}::interval`,
  });
}

const keyRow = (playerUid: string, key: string) =>
  t.database.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.playerUid, playerUid), eq(idempotencyKeys.key, key)));

/** Waits until the first attempt holds the key. */
const held = (input: { playerUid: string; key: string }) =>
  eventually(
    () => keyRow(input.playerUid, input.key),
    ([row]) => Boolean(row),
  );

/** The key's lease runs out, as when its holder stops renewing it. */
const lapse = (input: { playerUid: string; key: string }) =>
  t.database.db
    .update(idempotencyKeys)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(and(eq(idempotencyKeys.playerUid, input.playerUid), eq(idempotencyKeys.key, input.key)));

/** A promise the test settles itself: work that is still running until then. */
function stillRunning<T>() {
  let settle: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

const ok = (body: unknown): StoredResponse => ({ statusCode: 200, body });

const { final, balance } = playerApi(() => t.app);
/** The player's top-up, sent with this Idempotency-Key. */
const topUpWithKey = (key: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/top-up',
    headers: { ...bearer(player.token), 'idempotency-key': key },
    payload: body,
  });

describe('an Idempotency-Key whose request died with its process', () => {
  it('is taken over by the retry, which starts the top-up and answers it, once', async () => {
    const key = randomUUID();
    const body = { paymentMethodId: MPESA, amount: 150, mpesaPhoneNumber: '0712345678', userId: player.uid };
    await keyLeftByDeadProcess(player.uid, key, requestHashOf('top-up', TopUpRequestSchema.parse(body)));

    const retry = await topUpWithKey(key, body);
    expect(retry.statusCode, retry.body).toBe(200);
    const started = retry.json().payload as PaymentIntent;
    expect(started).toMatchObject({ type: 'TOPUP', amount: 150 });

    const again = await topUpWithKey(key, body);
    expect(again.json()).toEqual(retry.json());
    expect((await final(player, started.id)).status).toBe('COMPLETED');
    expect(await balance(player)).toBe(150);
  });

  it('is taken over by the first retry when its instance died right after renewing the lease', async () => {
    const key = randomUUID();
    const body = { paymentMethodId: MPESA, amount: 160, mpesaPhoneNumber: '0712345678' };
    // The instance renewed the key's lease a moment ago, then died: its whole lease is still ahead.
    await keyLeftByDeadProcess(
      player.uid,
      key,
      requestHashOf('top-up', TopUpRequestSchema.parse(body)),
      IDEMPOTENCY_LEASE_MS,
    );

    // The player's first retry waits out that lease (within the 10 s a repeat waits) and starts it.
    const retry = await topUpWithKey(key, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().payload).toMatchObject({ type: 'TOPUP', amount: 160 });
  }, 60_000);

  it('answers what the work committed in its own transaction, without running it again', async () => {
    const db = t.database.db;
    const input = { playerUid: 'recorded-player', key: randomUUID(), scope: 'test', body: { amount: 5 } };
    const dying = stillRunning<StoredResponse>();
    // The first process commits its effect and the key's answer together, then dies before answering.
    void createIdempotency(db).run(input, async (hold) => {
      await db.transaction(async (tx) => {
        await hold.record(tx, ok({ intent: 'committed-intent' }));
      });
      return dying.promise;
    });
    await eventually(
      () => keyRow(input.playerUid, input.key),
      ([row]) => row?.statusCode === 200,
    );
    // While its holder lives, a repeat waits for the holder's last word: the recorded answer is not it.
    await expect(createIdempotency(db, { waitMs: 0 }).run(input, async () => ok({}))).rejects.toThrow(
      stillRunningMessage,
    );
    // Its process is gone: the lease nobody renews runs out.
    await lapse(input);

    let ranAgain = false;
    const retry = await createIdempotency(db, { waitMs: 0 }).run(input, async () => {
      ranAgain = true;
      return ok({ intent: 'second-intent' });
    });
    expect(retry).toEqual(ok({ intent: 'committed-intent' }));
    expect(ranAgain).toBe(false);
    dying.settle(ok({ intent: 'committed-intent' }));
  });

  it('keeps an answer the work committed when the request then fails unexpectedly', async () => {
    const db = t.database.db;
    const input = { playerUid: 'recorded-player', key: randomUUID(), scope: 'test', body: { amount: 6 } };
    await expect(
      createIdempotency(db).run(input, async (hold) => {
        await db.transaction((tx) => hold.record(tx, ok({ intent: 'committed-intent' })));
        throw new Error('connection reset while asking the provider');
      }),
    ).rejects.toThrow('connection reset');
    const retry = await createIdempotency(db).run(input, async () => ok({ intent: 'second-intent' }));
    expect(retry).toEqual(ok({ intent: 'committed-intent' }));
  });

  it('lets the holder that lost its key to a takeover answer nothing over the new answer', async () => {
    const db = t.database.db;
    const input = { playerUid: 'slow-player', key: randomUUID(), scope: 'test', body: { amount: 7 } };
    const slow = stillRunning<StoredResponse>();
    const first = createIdempotency(db, { leaseMs: 60_000 }).run(input, () => slow.promise);
    await held(input);
    // Its lease lapses (as if its process stalled), and a retry takes the key and answers.
    await lapse(input);
    const retry = await createIdempotency(db).run(input, async () => ok({ by: 'retry' }));
    expect(retry).toEqual(ok({ by: 'retry' }));
    slow.settle(ok({ by: 'first' }));
    await first;
    const [row] = await keyRow(input.playerUid, input.key);
    expect(row?.response).toEqual({ by: 'retry' });
  });
});

describe('an Idempotency-Key whose holder could not renew its lease in time', () => {
  it('lets the holder commit nothing once a retry took the key: the work is done once, by the retry', async () => {
    const db = t.database.db;
    const input = { playerUid: 'stalled-player', key: randomUUID(), scope: 'test', body: { amount: 9 } };
    /** The work's effect (a payment intent's job, say) and its answer, in one transaction. */
    const effect = async (hold: KeyHold, by: string) => {
      await db.transaction(async (tx) => {
        await t.app.jobs.enqueue('test-takeover-effect', { key: input.key, by }, {}, tx);
        await hold.record(tx, ok({ by }));
      });
      return ok({ by });
    };
    const stalled = stillRunning<void>();
    const first = createIdempotency(db, { leaseMs: 60_000 }).run(input, async (hold) => {
      await stalled.promise;
      return effect(hold, 'first');
    });
    await held(input);
    // A database hiccup kept it from renewing: its lease lapsed while its work still runs.
    await lapse(input);
    const retry = await createIdempotency(db).run(input, (hold) => effect(hold, 'retry'));
    expect(retry).toEqual(ok({ by: 'retry' }));

    stalled.settle();
    await expect(first).rejects.toThrow(new AppError('BUSY', stillRunningMessage));
    const effects = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, 'test-takeover-effect'));
    expect(effects.map((job) => job.payload)).toEqual([{ key: input.key, by: 'retry' }]);
    expect((await keyRow(input.playerUid, input.key))[0]?.response).toEqual({ by: 'retry' });
  });
});

describe('an Idempotency-Key whose request is still running', () => {
  it('keeps its lease renewed, so a repeat still gets BUSY', async () => {
    const db = t.database.db;
    const input = { playerUid: 'live-player', key: randomUUID(), scope: 'test', body: { amount: 8 } };
    const running = stillRunning<StoredResponse>();
    const first = createIdempotency(db, { leaseMs: 1000 }).run(input, () => running.promise);
    const [held] = await eventually(
      () => keyRow(input.playerUid, input.key),
      ([row]) => Boolean(row),
    );
    // Wait until the holder renewed its lease past the first one: it is alive.
    await eventually(
      () => keyRow(input.playerUid, input.key),
      ([row]) => Boolean(row && held && row.lockedUntil > held.lockedUntil),
    );
    const repeat = createIdempotency(db, { waitMs: 0 }).run(input, async () => ok({ by: 'repeat' }));
    await expect(repeat).rejects.toThrow(new AppError('BUSY', stillRunningMessage));
    running.settle(ok({ by: 'first' }));
    expect(await first).toEqual(ok({ by: 'first' }));
  });
});
