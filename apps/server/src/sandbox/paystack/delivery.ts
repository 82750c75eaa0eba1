import { and, eq, gt, isNotNull, isNull, sum } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { PAYSTACK_SIGNATURE_HEADER, signWebhookBody } from '../../platform/paystack/webhook.ts';
import type { SandboxClock } from '../clock.ts';
import { createDelayedTasks } from '../delayed-tasks.ts';
import { refundOutcomeFor } from './outcomes.ts';
import { chargeSuccessEvent, refundEvent } from './payloads.ts';
import { sandboxPaystackRefunds as refunds, sandboxPaystackTransactions as transactions } from './schema.ts';

const WEBHOOK_TIMEOUT_MS = 10_000;
const MINUTE_MS = 60_000;
/**
 * Paystack sends a webhook answered with anything but 2xx (or not answered) again: in live mode every
 * 3 minutes for the first 4 tries, then hourly for 72 hours. The waits after each try, in its time.
 */
const PAYSTACK_RETRY_WAITS_MS = [
  ...Array(4).fill(3 * MINUTE_MS),
  ...Array(72).fill(60 * MINUTE_MS),
] as number[];
/** Webhooks owed for longer than this when the sandbox starts are not sent any more. */
const OWED_FOR_AT_MOST_MS = 24 * 60 * 60 * 1000;

/**
 * Sends the signed charge.success webhooks after the sandbox's delay, and processes refunds after it
 * (refund.processed): each claimed in its table first, so once across restarts and instances; a
 * refusal or a network failure is retried in this process, on Paystack's schedule compressed.
 */
export function createWebhookDelivery(options: {
  db: Db;
  send: typeof fetch;
  log: FastifyBaseLogger;
  secretKey: string;
  webhookUrl: string;
  /** The sandbox's 3 minutes: Paystack's retry schedule runs this much faster on the sandbox's clock. */
  retryAfterMs: number;
  clock: SandboxClock;
}) {
  const { db, send, log, clock } = options;
  const compressed = options.retryAfterMs / (3 * MINUTE_MS);
  const { later, close } = createDelayedTasks(log, 'Card sandbox', clock);

  async function post(body: string, attempt: number) {
    try {
      const response = await send(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PAYSTACK_SIGNATURE_HEADER]: signWebhookBody(body, options.secretKey),
        },
        body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (response.ok) return;
      log.warn({ status: response.status, attempt }, 'Card sandbox: the webhook was refused');
    } catch (error) {
      log.warn({ err: error, attempt }, 'Card sandbox: the webhook could not be delivered');
    }
    const wait = PAYSTACK_RETRY_WAITS_MS[attempt - 1];
    if (wait !== undefined) later(wait * compressed, () => post(body, attempt + 1));
  }

  async function deliver(id: string) {
    const [row] = await db
      .update(transactions)
      .set({ webhookSentAt: new Date(clock.now()) })
      .where(
        and(eq(transactions.id, id), isNull(transactions.webhookSentAt), isNotNull(transactions.webhookAt)),
      )
      .returning();
    if (row) await post(JSON.stringify(chargeSuccessEvent(row)), 1);
  }

  function webhookWhenDue(row: { id: string; webhookAt: Date | null }) {
    if (row.webhookAt) later(row.webhookAt.getTime() - clock.now(), () => deliver(row.id));
  }

  /**
   * A refund falls due: processed (the money is back on the card), or failed for a card whose refunds
   * fail (outcomes.ts), and its webhook sent, once.
   */
  async function processRefund(id: string) {
    const [due] = await db.select().from(refunds).where(eq(refunds.id, id));
    const [paid] = due
      ? await db.select().from(transactions).where(eq(transactions.id, due.transactionId))
      : [];
    if (!paid) return;
    const now = new Date(clock.now());
    const status = refundOutcomeFor(paid.cardLast4);
    const [row] = await db
      .update(refunds)
      .set({ status, refundedAt: status === 'processed' ? now : null, webhookSentAt: now })
      .where(and(eq(refunds.id, id), isNull(refunds.webhookSentAt)))
      .returning();
    if (!row) return;
    if (status === 'processed') await reverseWhenRefundedInFull(paid);
    await post(JSON.stringify(refundEvent(row, paid)), 1);
  }

  /** A payment whose processed refunds gave all of it back is `reversed`, as Paystack shows it. */
  async function reverseWhenRefundedInFull(paid: typeof transactions.$inferSelect) {
    const [given] = await db
      .select({ total: sum(refunds.amount) })
      .from(refunds)
      .where(and(eq(refunds.transactionId, paid.id), eq(refunds.status, 'processed')));
    if (Number(given?.total ?? 0) < paid.amount) return;
    await db
      .update(transactions)
      .set({ status: 'reversed' })
      .where(and(eq(transactions.id, paid.id), eq(transactions.status, 'success')));
  }

  function refundWhenDue(row: { id: string; webhookAt: Date }) {
    later(row.webhookAt.getTime() - clock.now(), () => processRefund(row.id));
  }

  return {
    webhookWhenDue,
    refundWhenDue,

    /** The gateway carries on while our server is down: webhooks that fell due meanwhile go out now. */
    async resumeOwed() {
      const owed = await db
        .select({ id: transactions.id, webhookAt: transactions.webhookAt })
        .from(transactions)
        .where(
          and(
            isNull(transactions.webhookSentAt),
            isNotNull(transactions.webhookAt),
            gt(transactions.createdAt, new Date(Date.now() - OWED_FOR_AT_MOST_MS)),
          ),
        );
      for (const row of owed) webhookWhenDue(row);
      const queued = await db
        .select({ id: refunds.id, webhookAt: refunds.webhookAt })
        .from(refunds)
        .where(
          and(
            isNull(refunds.webhookSentAt),
            gt(refunds.createdAt, new Date(Date.now() - OWED_FOR_AT_MOST_MS)),
          ),
        );
      for (const row of queued) refundWhenDue(row);
    },

    close,
  };
}
