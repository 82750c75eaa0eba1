import { and, eq, ne, sum } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import type { SandboxClock } from '../clock.ts';
import type { createWebhookDelivery } from './delivery.ts';
import { listRefunds } from './listing.ts';
import { isRefundAnswerLost, transactionId } from './outcomes.ts';
import { refundData, transactionData } from './payloads.ts';
import { sandboxPaystackRefunds as refunds, sandboxPaystackTransactions as transactions } from './schema.ts';

const RefundBody = z.object({
  /** The transaction's reference or its numeric id, as Paystack takes either. */
  transaction: z.union([z.string().min(1).max(100), z.number().int().positive().transform(String)]),
  amount: z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().positive())
    .optional(),
  currency: z.string().optional(),
  customer_note: z.string().max(500).optional(),
  merchant_note: z.string().max(500).optional(),
});

interface RefundRouteOptions {
  prefix: string;
  db: Db;
  delay: number;
  clock: SandboxClock;
  delivery: Pick<ReturnType<typeof createWebhookDelivery>, 'refundWhenDue'>;
  authorised: (request: FastifyRequest, reply: FastifyReply) => boolean;
  fail: (reply: FastifyReply, status: number, message: string, code?: string) => FastifyReply;
}

/**
 * Paystack's refunds in the sandbox: POST /refund gives back all or part of a paid transaction
 * (never more than is left of it), queued as `pending`; after the sandbox's delay it is processed and
 * the signed refund.processed webhook goes out (delivery.ts). A payment made with the test card whose
 * refund answers are lost has its refund made and the connection dropped, as a timeout looks to the
 * client. GET /refund/:id answers what it is now; GET /refund lists them by creation time only
 * (`from`, `to`), page by page (listing.ts).
 */
export function registerRefundRoutes(app: FastifyInstance, options: RefundRouteOptions) {
  const { prefix, db, delay, clock, delivery, authorised, fail } = options;
  const hide = { schema: { hide: true } };

  async function transactionOf(key: string) {
    const column = /^\d+$/.test(key) ? transactions.id : transactions.reference;
    const [row] = await db.select().from(transactions).where(eq(column, key));
    return row;
  }

  app.post(`${prefix}/refund`, hide, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const parsed = RefundBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'request body');
      return fail(reply, 400, `Invalid ${field}`, 'invalid_params');
    }
    const body = parsed.data;
    const paid = await transactionOf(body.transaction);
    if (!paid) return fail(reply, 404, 'Transaction not found', 'transaction_not_found');
    if (paid.status === 'reversed')
      return fail(reply, 400, 'Transaction has been fully reversed', 'transaction_reversed');
    if (paid.status !== 'success')
      return fail(reply, 400, 'Transaction was not successful', 'invalid_params');
    if (body.currency && body.currency !== paid.currency)
      return fail(reply, 400, 'Currency does not match the transaction', 'invalid_params');
    const amount = body.amount ?? paid.amount;
    const row = await db.transaction(async (tx) => {
      // One refund at a time per transaction: never more than was paid, also when two come at once.
      await tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.id, paid.id))
        .for('update');
      const [given] = await tx
        .select({ total: sum(refunds.amount) })
        .from(refunds)
        .where(and(eq(refunds.transactionId, paid.id), ne(refunds.status, 'failed')));
      const left = paid.amount - Number(given?.total ?? 0);
      if (left <= 0) return 'reversed' as const;
      if (amount > left) return 'too much' as const;
      const [made] = await tx
        .insert(refunds)
        .values({
          id: transactionId(),
          transactionId: paid.id,
          transactionReference: paid.reference,
          amount,
          currency: paid.currency,
          merchantNote: body.merchant_note ?? null,
          customerNote: body.customer_note ?? null,
          status: 'pending',
          webhookAt: new Date(clock.now() + delay),
        })
        .returning();
      return made;
    });
    if (row === 'reversed')
      return fail(reply, 400, 'Transaction has been fully reversed', 'transaction_reversed');
    if (row === 'too much')
      return fail(
        reply,
        400,
        'Refund amount cannot be greater than the amount left to refund',
        'invalid_params',
      );
    if (!row) throw new Error('The card sandbox could not store the refund');
    delivery.refundWhenDue(row);
    if (isRefundAnswerLost(paid.cardLast4)) {
      // The refund is made and goes on; its answer never arrives: to the client, a timeout.
      reply.hijack();
      reply.raw.destroy();
      return reply;
    }
    return {
      status: true,
      message: 'Refund has been queued for processing',
      data: { ...refundData(row), transaction: transactionData(paid) },
    };
  });

  app.get<{ Params: { id: string } }>(`${prefix}/refund/:id`, hide, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const [row] = /^\d+$/.test(request.params.id)
      ? await db.select().from(refunds).where(eq(refunds.id, request.params.id))
      : [];
    if (!row) return fail(reply, 404, 'Refund not found', 'not_found');
    return { status: true, message: 'Refund retrieved', data: refundData(row) };
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(
    `${prefix}/refund`,
    hide,
    async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const { rows, meta } = await listRefunds(db, request.query);
      return { status: true, message: 'Refunds retrieved', data: rows.map(refundData), meta };
    },
  );
}
