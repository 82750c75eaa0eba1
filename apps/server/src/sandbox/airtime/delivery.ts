import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AIRTIME_SIGNATURE_HEADER, signCallbackBody } from '../../platform/airtime/callbacks.ts';
import type { Db } from '../../platform/db.ts';
import { redactUrl } from '../../platform/logger.ts';
import type { SandboxClock } from '../clock.ts';
import { createDelayedTasks } from '../delayed-tasks.ts';
import { sandboxAirtimeCharges as charges, type SandboxAirtimeCharge } from './schema.ts';

const CALLBACK_TIMEOUT_MS = 10_000;
/** Results owed for longer than this when the sandbox starts are not sent any more. */
const OWED_FOR_AT_MOST_MS = 24 * 60 * 60 * 1000;

/** The result body, as the carrier posts it. */
export function chargeResultPayload(row: SandboxAirtimeCharge) {
  return {
    chargeId: row.id,
    reference: row.reference,
    msisdn: row.msisdn,
    amount: row.amount,
    resultCode: row.resultCode,
    resultDesc: row.resultDesc,
    completedAt: row.completesAt.toISOString(),
  };
}

/**
 * Posts each charge's signed result when the subscriber "answers": claimed in the table first, so
 * once across restarts and instances; no retry, like Daraja (reconciliation reads the charge).
 */
export function createResultDelivery(options: {
  db: Db;
  send: typeof fetch;
  log: FastifyBaseLogger;
  secret: string;
  clock: SandboxClock;
}) {
  const { db, send, log, secret, clock } = options;
  const { later, close } = createDelayedTasks(log, 'Airtime sandbox', clock);

  async function post(target: string, body: string) {
    try {
      const response = await send(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [AIRTIME_SIGNATURE_HEADER]: signCallbackBody(body, secret),
        },
        body,
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (!response.ok)
        log.warn(
          { target: redactUrl(target), status: response.status },
          'Airtime sandbox: the result was refused',
        );
    } catch (error) {
      log.warn(
        { target: redactUrl(target), err: error },
        'Airtime sandbox: the result could not be delivered',
      );
    }
  }

  async function deliver(id: string) {
    const [row] = await db
      .update(charges)
      .set({ callbackSentAt: new Date(clock.now()) })
      .where(and(eq(charges.id, id), isNull(charges.callbackSentAt)))
      .returning();
    if (!row) return;
    const body = JSON.stringify(chargeResultPayload(row));
    for (let i = 0; i < row.deliveries; i++) await post(row.callbackUrl, body);
  }

  function resultWhenComplete(row: Pick<SandboxAirtimeCharge, 'id' | 'deliveries' | 'completesAt'>) {
    if (row.deliveries > 0) later(row.completesAt.getTime() - clock.now(), () => deliver(row.id));
  }

  return {
    resultWhenComplete,

    /** The carrier carries on while our server is down: results that fell due meanwhile go out now. */
    async resumeOwed() {
      const owed = await db
        .select({ id: charges.id, deliveries: charges.deliveries, completesAt: charges.completesAt })
        .from(charges)
        .where(
          and(
            isNull(charges.callbackSentAt),
            gt(charges.deliveries, 0),
            gt(charges.createdAt, new Date(Date.now() - OWED_FOR_AT_MOST_MS)),
          ),
        );
      for (const row of owed) resultWhenComplete(row);
    },

    close,
  };
}
