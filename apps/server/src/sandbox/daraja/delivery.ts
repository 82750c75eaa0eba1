import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { redactUrl } from '../../platform/logger.ts';
import type { SandboxClock } from '../clock.ts';
import { createDelayedTasks } from '../delayed-tasks.ts';
import { b2cResultPayload, type Json, stkCallbackPayload } from './payloads.ts';
import { type SandboxDarajaTransaction, sandboxDarajaTransactions as transactions } from './schema.ts';

const CALLBACK_TIMEOUT_MS = 10_000;
/** Callbacks owed for longer than this when the sandbox starts are not sent any more. */
const OWED_FOR_AT_MOST_MS = 24 * 60 * 60 * 1000;

/** Posts a callback like Daraja: once, no signature, no retry; a failure is only logged. */
export async function post(send: typeof fetch, target: string, payload: Json, log: FastifyBaseLogger) {
  try {
    const response = await send(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    if (!response.ok)
      log.warn(
        { target: redactUrl(target), status: response.status },
        'Daraja sandbox: the callback was refused',
      );
  } catch (error) {
    log.warn(
      { target: redactUrl(target), err: error },
      'Daraja sandbox: the callback could not be delivered',
    );
  }
}

/** The sandbox's delayed work: callbacks when a payment completes, Transaction Status answers. */
export function createDelivery(db: Db, send: typeof fetch, log: FastifyBaseLogger, clock: SandboxClock) {
  const { later, close } = createDelayedTasks(log, 'Daraja sandbox', clock);

  /** Sends a transaction's callback as many times as its outcome says; claimed first, so once across instances. */
  async function deliver(id: string) {
    const [row] = await db
      .update(transactions)
      .set({ callbackSentAt: new Date(clock.now()) })
      .where(and(eq(transactions.id, id), isNull(transactions.callbackSentAt)))
      .returning();
    if (!row) return;
    const payload = row.kind === 'stk' ? stkCallbackPayload(row) : b2cResultPayload(row);
    for (let i = 0; i < row.deliveries; i++) await post(send, row.callbackUrl, payload, log);
  }

  function callbackWhenComplete(row: Pick<SandboxDarajaTransaction, 'id' | 'deliveries' | 'completesAt'>) {
    if (row.deliveries > 0) later(row.completesAt.getTime() - clock.now(), () => deliver(row.id));
  }

  return {
    later,
    callbackWhenComplete,

    /** Daraja carries on while our server is down: callbacks that fell due meanwhile go out now. */
    async resumeOwed() {
      const owed = await db
        .select({
          id: transactions.id,
          deliveries: transactions.deliveries,
          completesAt: transactions.completesAt,
        })
        .from(transactions)
        .where(
          and(
            isNull(transactions.callbackSentAt),
            gt(transactions.deliveries, 0),
            gt(transactions.createdAt, new Date(Date.now() - OWED_FOR_AT_MOST_MS)),
          ),
        );
      for (const row of owed) callbackWhenComplete(row);
    },

    close,
  };
}
