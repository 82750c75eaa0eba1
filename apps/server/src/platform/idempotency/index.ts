import { randomUUID } from 'node:crypto';
import { IdempotencyKeySchema } from '@playon/shared/payments';
import { and, eq, gt, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db.ts';
import { AppError, isUniqueViolation } from '../errors.ts';
import type { KeyRow } from './keys-statement.ts';
import { requestHashOf } from './request-hash.ts';
import { idempotencyKeys } from './schema.ts';

export { type KeyRow, keysStatement } from './keys-statement.ts';
export { IDEMPOTENCY_KEEP_MS, IDEMPOTENCY_PRUNE_JOB, pruneIdempotencyKeys } from './prune.ts';
export { requestHashOf } from './request-hash.ts';

export const keyReusedMessage = 'This Idempotency-Key was already used for a different request.';
export const stillRunningMessage =
  'Another update operation is currently underway. Kindly wait a few seconds before pressing the button again.';

export interface StoredResponse {
  statusCode: number;
  body: unknown;
}

/**
 * What `runInStatement` gives its work: the INSERT of the key with `response` for each row of the
 * statement's CTE `after`, and `row`, the same as data for a statement that writes many keys.
 */
export interface KeyWrite {
  (response: StoredResponse, after: string): SQL;
  row(response: StoredResponse): KeyRow;
}

/** What the request holding a key may do besides answering: see `record`. */
export interface KeyHold {
  /**
   * Stores `response` as the key's answer in the caller's transaction `tx`: once the work's own
   * transaction commits, a retry gets this answer even if the process dies before the request ends.
   * The answer the request finally gives replaces it. Throws BUSY when a retry took the key over,
   * so that `tx` rolls back and the work's effect happens once, the retry's.
   */
  record(tx: Db, response: StoredResponse): Promise<void>;
}

/** Where a lease that could not be renewed is reported. */
interface WarnLog {
  warn(obj: object, msg: string): void;
}

/**
 * The key's primary key: its violation tells `runInStatement` that a repeat wrote the key first, so
 * this request's statement was undone and it answers as that one did.
 */
const KEY_CONSTRAINT = 'idempotency_keys_player_uid_key_pk';

/**
 * A key whose holder stopped renewing it this long ago is taken over by the next retry: renewed
 * every third of it, so a retry waiting `waitMs` (10 s) outlasts a dead holder's lease (ADR 0017).
 */
export const IDEMPOTENCY_LEASE_MS = 6_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idempotency-Key handling for money-moving POSTs (ADR 0010, 0017). The first request with a key
 * holds it under a lease it renews while it runs, and its response (success or a player's error) is
 * stored; the same key and body later gets that response again; while the holder is alive a repeat
 * waits for it up to `waitMs`, then gets 409 BUSY; once the holder's lease lapsed (its process died)
 * a repeat takes the key over and runs the request again, unless the work had recorded its answer in
 * its own transaction (`KeyHold.record`), which is then returned. Another body with the same key gets
 * 409 CONFLICT. An unexpected failure (5xx) forgets the key so a retry runs again.
 */
export function createIdempotency(
  db: Db,
  {
    waitMs = 10_000,
    leaseMs = IDEMPOTENCY_LEASE_MS,
    log,
  }: { waitMs?: number; leaseMs?: number; log?: WarnLog } = {},
) {
  const leaseEnd = () => sql`now() + ${`${leaseMs} milliseconds`}::interval`;

  /** Waits for the holder's answer: `taken` once this request holds the key, `gone` if it was let go. */
  async function awaitHolder(
    mine: SQL | undefined,
    requestHash: string,
    owner: string,
  ): Promise<StoredResponse | 'taken' | 'gone'> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const [row] = await db
        .select({
          requestHash: idempotencyKeys.requestHash,
          statusCode: idempotencyKeys.statusCode,
          response: idempotencyKeys.response,
          isLeaseOver: sql<boolean>`${idempotencyKeys.lockedUntil} <= now()`,
        })
        .from(idempotencyKeys)
        .where(mine);
      if (!row) return 'gone'; // the first attempt failed unexpectedly and let go of the key: run it now
      if (row.requestHash !== requestHash) throw new AppError('CONFLICT', keyReusedMessage);
      // An answer the work recorded while its holder still runs is not the last word: wait for that.
      if (row.statusCode !== null && row.isLeaseOver)
        return { statusCode: row.statusCode, body: row.response };
      // The holder stopped renewing its lease (its process died mid-request): take the key over.
      const taken = await db
        .update(idempotencyKeys)
        .set({ owner, lockedUntil: leaseEnd() })
        .where(and(mine, isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.lockedUntil, sql`now()`)))
        .returning({ key: idempotencyKeys.key });
      if (taken.length > 0) return 'taken';
      if (Date.now() >= deadline) throw new AppError('BUSY', stillRunningMessage);
      await sleep(100);
    }
  }

  /** What `run` and `runInStatement` refuse before anything else: a missing or malformed key. */
  function parseKey(value: unknown): string {
    const parsedKey = IdempotencyKeySchema.safeParse(value);
    if (parsedKey.success) return parsedKey.data;
    const message =
      parsedKey.error.issues[0]?.message ?? 'Every payment request needs an Idempotency-Key header.';
    throw new AppError('BAD_REQUEST', message, { 'Idempotency-Key': message });
  }

  /** The body a player's error (4xx) is answered and stored with. */
  const refusalOf = (error: AppError): StoredResponse => ({
    statusCode: error.statusCode,
    body: {
      statusCode: error.statusCode,
      statusMessage: error.message,
      payload: error.fields ? { code: error.code, fields: error.fields } : { code: error.code },
    },
  });

  return {
    /**
     * For work that is one statement and nothing else (a withdrawal: the payout is a job): the key
     * and its answer are written by that statement, so the request costs one round trip, with no
     * BEGIN or COMMIT and no lease (ADR 0028, 0043). `work` gets `keyWrite(response, after)`: an
     * INSERT of the key with `response` for each row of the statement's CTE `after` (the work's own
     * record, none when the work wrote nothing), to carry in its WITH. A repeat sent at the same
     * moment does its work too, waits on the key's index entry until this commits, then fails on the
     * key's primary key, which undoes all of its statement (its reserve included), and gets the
     * committed answer: money still moves once. If the work fails, nothing of it or of the key is
     * left, except a player's error (4xx), stored afterwards as the key's answer. A key held by `run`
     * (another scope, or an attempt that died) is answered or taken over as `run` does.
     */
    async runInStatement(
      input: { playerUid: string; key: unknown; scope: string; body: unknown },
      work: (keyWrite: KeyWrite) => Promise<StoredResponse>,
    ): Promise<StoredResponse> {
      const key = parseKey(input.key);
      const requestHash = requestHashOf(input.scope, input.body);
      const owner = randomUUID();
      const row = (response: StoredResponse): KeyRow => ({
        playerUid: input.playerUid,
        key,
        requestHash,
        owner,
        statusCode: response.statusCode,
        response: JSON.stringify(response.body),
      });
      const keyWrite = Object.assign(
        (response: StoredResponse, after: string) =>
          sql`insert into idempotency_keys (player_uid, key, request_hash, owner, locked_until, status_code, response)
            select ${input.playerUid}::text, ${key}::text, ${requestHash}::text, ${owner}::text, now(), ${response.statusCode}::int, ${JSON.stringify(response.body)}::jsonb
            from ${sql.identifier(after)}`,
        { row },
      );

      let refusal: AppError | undefined;
      try {
        return await work(keyWrite);
      } catch (error) {
        if (isUniqueViolation(error, KEY_CONSTRAINT)) refusal = undefined;
        else if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        else refusal = error;
      }
      if (refusal) {
        const { statusCode, body } = refusalOf(refusal);
        const row = { playerUid: input.playerUid, key, requestHash, owner, lockedUntil: sql`now()` };
        const stored = await db
          .insert(idempotencyKeys)
          .values({ ...row, statusCode, response: body as object })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (stored.length > 0) throw refusal;
        // A repeat with this key committed first: its answer is the key's answer.
      }
      const mine = and(eq(idempotencyKeys.playerUid, input.playerUid), eq(idempotencyKeys.key, key));
      const outcome = await awaitHolder(mine, requestHash, owner);
      if (outcome === 'gone') return this.runInStatement(input, work);
      if (outcome === 'taken') {
        // An attempt through `run` died before its work committed an answer: start afresh here.
        await db.delete(idempotencyKeys).where(and(mine, eq(idempotencyKeys.owner, owner)));
        return this.runInStatement(input, work);
      }
      return outcome;
    },

    async run(
      input: { playerUid: string; key: unknown; scope: string; body: unknown },
      work: (hold: KeyHold) => Promise<StoredResponse>,
    ): Promise<StoredResponse> {
      const key = parseKey(input.key);
      const requestHash = requestHashOf(input.scope, input.body);
      const owner = randomUUID();
      const mine = and(eq(idempotencyKeys.playerUid, input.playerUid), eq(idempotencyKeys.key, key));
      const held = and(mine, eq(idempotencyKeys.owner, owner));

      const inserted = await db
        .insert(idempotencyKeys)
        .values({ playerUid: input.playerUid, key, requestHash, owner, lockedUntil: leaseEnd() })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });

      if (inserted.length === 0) {
        const outcome = await awaitHolder(mine, requestHash, owner);
        if (outcome === 'gone') return this.run(input, work);
        if (outcome !== 'taken') return outcome;
      }

      const renew = setInterval(
        () => {
          db.update(idempotencyKeys)
            .set({ lockedUntil: leaseEnd() })
            .where(
              and(held, or(isNull(idempotencyKeys.statusCode), gt(idempotencyKeys.lockedUntil, sql`now()`))),
            )
            .catch((err: unknown) => log?.warn({ err, key }, 'could not renew an Idempotency-Key lease'));
        },
        Math.max(1, Math.floor(leaseMs / 3)),
      );
      renew.unref();
      const hold: KeyHold = {
        async record(tx, response) {
          const recorded = await tx
            .update(idempotencyKeys)
            .set({ statusCode: response.statusCode, response: response.body as object })
            .where(held)
            .returning({ key: idempotencyKeys.key });
          // A retry took the key over (this holder could not renew in time) and runs the work
          // itself: this transaction must not commit a second effect beside it (ADR 0017).
          if (recorded.length === 0) throw new AppError('BUSY', stillRunningMessage);
        },
      };

      /** The holder is done: the answer stored so far is the key's answer from now on. */
      const letGo = () =>
        db
          .update(idempotencyKeys)
          .set({ lockedUntil: sql`now()` })
          .where(and(held, isNotNull(idempotencyKeys.statusCode)));

      let response: StoredResponse;
      try {
        response = await work(hold);
      } catch (error) {
        clearInterval(renew);
        if (error instanceof AppError && error.statusCode < 500) {
          const { statusCode, body } = refusalOf(error);
          // An answer the work already committed (`record`) is the truth a retry must get.
          await db
            .update(idempotencyKeys)
            .set({ statusCode, response: body as object })
            .where(and(held, isNull(idempotencyKeys.statusCode)));
          await letGo();
          throw error;
        }
        // A response recorded in the work's transaction stays: what it committed is the key's answer.
        await db.delete(idempotencyKeys).where(and(held, isNull(idempotencyKeys.statusCode)));
        await letGo();
        throw error;
      }
      clearInterval(renew);
      await db
        .update(idempotencyKeys)
        .set({ statusCode: response.statusCode, response: response.body as object, lockedUntil: sql`now()` })
        .where(held);
      return response;
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
