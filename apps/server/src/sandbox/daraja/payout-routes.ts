import { and, eq, gt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import { darajaTimestamp } from '../../platform/daraja/time.ts';
import type { Db } from '../../platform/db.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import type { SandboxClock } from '../clock.ts';
import { invalid, outcomeColumns, type safaricomApi, same, sendError } from '../safaricom.ts';
import { type createDelivery, post } from './delivery.ts';
import {
  conversationId,
  INVALID_INITIATOR,
  originatorConversationId,
  outcomeFor,
  payoutPassage,
  QUEUE_TIMED_OUT,
  QUEUED_FOR_MS,
  receiptNumber,
} from './outcomes.ts';
import { duplicateResultPayload, queueTimeoutPayload, statusResultPayload } from './payloads.ts';
import { B2cBody, parseBody, StatusBody } from './requests.ts';
import { type SandboxDarajaTransaction, sandboxDarajaTransactions as transactions } from './schema.ts';

const accepted = (row: SandboxDarajaTransaction) => ({
  ConversationID: row.id,
  OriginatorConversationID: row.requestId,
  ResponseCode: '0',
  ResponseDescription: 'Accept the service request successfully.',
});

type B2cRequest = z.output<typeof B2cBody>;

/** Whether Transaction Status cannot find a payout yet: it waits in Daraja's queue, or timed out there. */
function unprocessed(row: SandboxDarajaTransaction, now: number): boolean {
  if (row.kind !== 'b2c') return false;
  const passage = payoutPassage(row.phone);
  return passage === 'queue-timeout' || (passage === 'queued' && row.completesAt.getTime() > now);
}

/** What the payout endpoints share with the rest of the Daraja sandbox. */
export interface PayoutRoutesContext {
  prefix: string;
  settings: Config['daraja'];
  db: Db;
  /** sandboxPaymentDelayMs: how long a payout takes to complete. */
  delay: number;
  clock: SandboxClock;
  send: typeof fetch;
  delivery: ReturnType<typeof createDelivery>;
  authorised: ReturnType<typeof safaricomApi>;
}

/**
 * Daraja's payout side: B2C payment requests, paid once per OriginatorConversationID, and
 * Transaction Status queries, each answered later at its ResultURL. How a request to a test phone
 * passes through Daraja (an answer lost, a wait in its queue, a queue timeout) is `payoutPassage`.
 */
export function registerPayoutRoutes(app: FastifyInstance, context: PayoutRoutesContext) {
  const { prefix, settings, db, delay, clock, send, delivery, authorised } = context;
  const hide = { schema: { hide: true } };

  app.post(`${prefix}/mpesa/b2c/v3/paymentrequest`, hide, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const body = parseBody(B2cBody, request, reply);
    if (!body) return reply;
    if (body.PartyA !== settings.b2cShortCode) return invalid(reply, 'PartyA');
    const known = async () =>
      (
        await db.select().from(transactions).where(eq(transactions.requestId, body.OriginatorConversationID))
      )[0];
    const first = await known();
    if (first) return repeated(first, body, reply);

    const initiatorValid =
      same(body.InitiatorName, settings.initiatorName) &&
      same(body.SecurityCredential, settings.securityCredential);
    const passage = payoutPassage(body.PartyB);
    const outcome = !initiatorValid
      ? INVALID_INITIATOR
      : passage === 'queue-timeout'
        ? QUEUE_TIMED_OUT
        : outcomeFor(body.PartyB);
    const now = new Date(clock.now());
    let row: SandboxDarajaTransaction | undefined;
    try {
      [row] = await db
        .insert(transactions)
        .values({
          id: conversationId(darajaTimestamp(now)),
          kind: 'b2c',
          requestId: body.OriginatorConversationID,
          phone: body.PartyB,
          amount: body.Amount,
          reference: body.Remarks,
          callbackUrl: body.ResultURL,
          queueTimeoutUrl: body.QueueTimeOutURL,
          ...outcomeColumns(outcome, now, passage === 'queued' ? QUEUED_FOR_MS : delay),
          receipt: outcome.resultCode === 0 ? receiptNumber() : null,
        })
        .returning();
    } catch (error) {
      const raced = isUniqueViolation(error) ? await known() : undefined;
      if (raced) return repeated(raced, body, reply);
      throw error;
    }
    if (!row) throw new Error('The sandbox could not store the B2C payment');
    delivery.callbackWhenComplete(row);
    if (passage === 'queue-timeout') {
      const timedOut = row;
      delivery.later(delay, () => post(send, body.QueueTimeOutURL, queueTimeoutPayload(timedOut), app.log));
    }
    if (passage === 'answer-lost' || passage === 'queued') {
      // Taken, but the answer never reaches the caller: the connection closes without one.
      reply.hijack();
      reply.raw.destroy();
      return reply;
    }
    return accepted(row);
  });

  /**
   * A B2C repeating an OriginatorConversationID Daraja already has: refused at once with HTTP 500
   * `500.002.1001`, as Daraja documents; or, while the first still waits in Daraja's queue (a
   * `queued` phone), taken and failed later with ResultCode 15, the first then paid. Never paid twice.
   */
  async function repeated(first: SandboxDarajaTransaction, body: B2cRequest, reply: FastifyReply) {
    const now = clock.now();
    const waiting =
      first.kind === 'b2c' && payoutPassage(first.phone) === 'queued' && first.completesAt.getTime() > now;
    if (!waiting) return sendError(reply, 500, '500.002.1001', 'Duplicate OriginatorConversationID');
    const repeat = {
      originatorConversationId: body.OriginatorConversationID,
      conversationId: conversationId(darajaTimestamp(new Date(now))),
    };
    delivery.later(delay, () => post(send, body.ResultURL, duplicateResultPayload(repeat), app.log));
    const [released] = await db
      .update(transactions)
      .set({ completesAt: new Date(now + delay) })
      .where(and(eq(transactions.id, first.id), gt(transactions.completesAt, new Date(now + delay))))
      .returning();
    if (released) delivery.callbackWhenComplete(released);
    return {
      ConversationID: repeat.conversationId,
      OriginatorConversationID: repeat.originatorConversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    };
  }

  app.post(`${prefix}/mpesa/transactionstatus/v1/query`, hide, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const body = parseBody(StatusBody, request, reply);
    if (!body) return reply;
    if (body.PartyA !== settings.b2cShortCode && body.PartyA !== settings.shortCode)
      return invalid(reply, 'PartyA');
    const initiatorValid =
      same(body.Initiator, settings.initiatorName) &&
      same(body.SecurityCredential, settings.securityCredential);
    const query = {
      originatorConversationId: originatorConversationId(),
      conversationId: conversationId(darajaTimestamp()),
    };
    const match = [];
    if (body.TransactionID) match.push(eq(transactions.receipt, body.TransactionID));
    if (body.OriginalConversationID) {
      match.push(
        eq(transactions.requestId, body.OriginalConversationID),
        eq(transactions.id, body.OriginalConversationID),
      );
    }
    const [found] = await db
      .select()
      .from(transactions)
      .where(or(...match))
      .limit(1);
    // A payout still in Daraja's queue, or timed out there, is not found: it was never processed.
    const row = found && unprocessed(found, clock.now()) ? undefined : found;
    // The answer is final: a payment still in progress is reported once it has completed.
    const wait = Math.max(delay, (row?.completesAt.getTime() ?? 0) - clock.now());
    delivery.later(wait, () =>
      post(send, body.ResultURL, statusResultPayload(query, row, initiatorValid, settings), app.log),
    );
    return {
      OriginatorConversationID: query.originatorConversationId,
      ConversationID: query.conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    };
  });
}
