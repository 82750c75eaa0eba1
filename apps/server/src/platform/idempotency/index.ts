import { createHash } from 'node:crypto';
import { IdempotencyKeySchema } from '@playon/shared/payments';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db.ts';
import { AppError } from '../errors.ts';
import { idempotencyKeys } from './schema.ts';

export const keyReusedMessage = 'This Idempotency-Key was already used for a different request.';
export const stillRunningMessage =
  'Another update operation is currently underway. Kindly wait a few seconds before pressing the button again.';

export interface StoredResponse {
  statusCode: number;
  body: unknown;
}

/** JSON with sorted keys, so the same body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idempotency-Key handling for money-moving POSTs (ADR 0010). The first request with a key runs and
 * its response (success or a player's error) is stored; the same key and body later gets that
 * response again; while the first is still in flight a repeat waits for it up to `waitMs`, then
 * gets 409 BUSY; another body with the same key gets 409 CONFLICT. An unexpected failure (5xx)
 * forgets the key so a retry runs again.
 */
export function createIdempotency(db: Db, { waitMs = 10_000 } = {}) {
  return {
    async run(
      input: { playerUid: string; key: unknown; scope: string; body: unknown },
      work: () => Promise<StoredResponse>,
    ): Promise<StoredResponse> {
      const parsedKey = IdempotencyKeySchema.safeParse(input.key);
      if (!parsedKey.success) {
        const message =
          parsedKey.error.issues[0]?.message ?? 'Every payment request needs an Idempotency-Key header.';
        throw new AppError('BAD_REQUEST', message, { 'Idempotency-Key': message });
      }
      const key = parsedKey.data;
      const requestHash = createHash('sha256')
        .update(`${input.scope}\n${canonical(input.body)}`)
        .digest('hex');
      const mine = and(eq(idempotencyKeys.playerUid, input.playerUid), eq(idempotencyKeys.key, key));

      const inserted = await db
        .insert(idempotencyKeys)
        .values({ playerUid: input.playerUid, key, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });

      if (inserted.length === 0) {
        const deadline = Date.now() + waitMs;
        for (;;) {
          const [row] = await db.select().from(idempotencyKeys).where(mine);
          if (!row) break; // the first attempt failed unexpectedly and let go of the key: run it now
          if (row.requestHash !== requestHash) throw new AppError('CONFLICT', keyReusedMessage);
          if (row.statusCode !== null) return { statusCode: row.statusCode, body: row.response };
          if (Date.now() >= deadline) throw new AppError('BUSY', stillRunningMessage);
          await sleep(100);
        }
        return this.run(input, work);
      }

      let response: StoredResponse;
      try {
        response = await work();
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) {
          const body = {
            statusCode: error.statusCode,
            statusMessage: error.message,
            payload: error.fields ? { code: error.code, fields: error.fields } : { code: error.code },
          };
          await db.update(idempotencyKeys).set({ statusCode: error.statusCode, response: body }).where(mine);
          throw error;
        }
        await db.delete(idempotencyKeys).where(and(mine, sql`${idempotencyKeys.statusCode} is null`));
        throw error;
      }
      await db
        .update(idempotencyKeys)
        .set({ statusCode: response.statusCode, response: response.body as object })
        .where(mine);
      return response;
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/** Keys are kept a day: a repeat later than that runs as a new request. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60_000;
export const IDEMPOTENCY_PRUNE_JOB = 'idempotency.prune';

/** Forgets the keys older than `olderThanMs`. */
export async function pruneIdempotencyKeys(db: Db, olderThanMs: number): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - ${`${olderThanMs} milliseconds`}::interval`);
}
