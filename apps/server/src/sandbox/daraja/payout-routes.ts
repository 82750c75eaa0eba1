import { eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
  receiptNumber,
} from './outcomes.ts';
import { statusResultPayload } from './payloads.ts';
import { B2cBody, parseBody, StatusBody } from './requests.ts';
import { type SandboxDarajaTransaction, sandboxDarajaTransactions as transactions } from './schema.ts';

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
 * Daraja's payout side: B2C payment requests, idempotent by OriginatorConversationID, and
 * Transaction Status queries, each answered later at its ResultURL.
 */
export function registerPayoutRoutes(app: FastifyInstance, context: PayoutRoutesContext) {
  const { prefix, settings, db, delay, clock, send, delivery, authorised } = context;
  const hide = { schema: { hide: true } };

  app.post(`${prefix}/mpesa/b2c/v3/paymentrequest`, hide, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const body = parseBody(B2cBody, request, reply);
    if (!body) return reply;
    if (body.PartyA !== settings.b2cShortCode) return invalid(reply, 'PartyA');
    const accepted = (row: SandboxDarajaTransaction) => ({
      ConversationID: row.id,
      OriginatorConversationID: row.requestId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
    // The same OriginatorConversationID again: the same payment is acknowledged, never paid twice.
    const existing = async () => {
      const [row] = await db
        .select()
        .from(transactions)
        .where(eq(transactions.requestId, body.OriginatorConversationID));
      if (row?.kind === 'b2c' && row.amount === body.Amount && row.phone === body.PartyB)
        return accepted(row);
      return sendError(reply, 400, '400.002.02', 'Bad Request - Duplicate OriginatorConversationID');
    };
    const [known] = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.requestId, body.OriginatorConversationID));
    if (known) return existing();

    const initiatorValid =
      same(body.InitiatorName, settings.initiatorName) &&
      same(body.SecurityCredential, settings.securityCredential);
    const outcome = initiatorValid ? outcomeFor(body.PartyB) : INVALID_INITIATOR;
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
          ...outcomeColumns(outcome, now, delay),
          receipt: outcome.resultCode === 0 ? receiptNumber() : null,
        })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) return existing();
      throw error;
    }
    if (!row) throw new Error('The sandbox could not store the B2C payment');
    delivery.callbackWhenComplete(row);
    return accepted(row);
  });

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
    const [row] = await db
      .select()
      .from(transactions)
      .where(or(...match))
      .limit(1);
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
