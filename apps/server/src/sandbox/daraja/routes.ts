import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import { darajaTimestamp, parseDarajaTimestamp, stkPassword } from '../../platform/daraja/client.ts';
import type { Db } from '../../platform/db.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import {
  checkoutRequestId,
  conversationId,
  merchantRequestId,
  type Outcome,
  originatorConversationId,
  outcomeFor,
  receiptNumber,
} from './outcomes.ts';
import { sandboxDarajaPage } from './page.ts';
import { type SandboxDarajaTransaction, sandboxDarajaTransactions as transactions } from './schema.ts';

export const SANDBOX_DARAJA_PREFIX = '/sandbox/daraja';
const TOKEN_TTL_SECONDS = 3599;
const CALLBACK_TIMEOUT_MS = 10_000;
/** How far a request's Timestamp may be from the sandbox's clock. */
const TIMESTAMP_TOLERANCE_MS = 60 * 60 * 1000;
const INVALID_INITIATOR: Outcome = {
  resultCode: 2001,
  resultDesc: 'The initiator information is invalid.',
  deliveries: 1,
  label: 'invalid initiator',
};

const text = z.union([z.string(), z.number()]).transform(String);
const wholeShillings = (min: number) =>
  z
    .union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)])
    .transform(Number)
    .pipe(z.number().int().min(min).max(250_000));
const phone = text.pipe(z.string().regex(/^254[17]\d{8}$/));
const url = z.url({ protocol: /^https?$/ });

const StkPushBody = z.object({
  BusinessShortCode: text,
  Password: z.string().min(1),
  Timestamp: text.pipe(z.string().regex(/^\d{14}$/)),
  TransactionType: z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']),
  Amount: wholeShillings(1),
  PartyA: phone,
  PartyB: text,
  PhoneNumber: phone,
  CallBackURL: url,
  AccountReference: z.string().trim().min(1).max(12),
  TransactionDesc: z.string().trim().min(1).max(13),
});

const StkQueryBody = z.object({
  BusinessShortCode: text,
  Password: z.string().min(1),
  Timestamp: text.pipe(z.string().regex(/^\d{14}$/)),
  CheckoutRequestID: z.string().min(1),
});

const B2cBody = z.object({
  OriginatorConversationID: z.string().trim().min(1).max(100),
  InitiatorName: z.string().min(1),
  SecurityCredential: z.string().min(1),
  CommandID: z.enum(['BusinessPayment', 'SalaryPayment', 'PromotionPayment']),
  Amount: wholeShillings(10),
  PartyA: text,
  PartyB: phone,
  Remarks: z.string().trim().min(2).max(100),
  QueueTimeOutURL: url,
  ResultURL: url,
  Occassion: z.string().max(100).optional(),
});

const StatusBody = z
  .object({
    Initiator: z.string().min(1),
    SecurityCredential: z.string().min(1),
    CommandID: z.literal('TransactionStatusQuery'),
    TransactionID: z.string().optional(),
    OriginalConversationID: z.string().optional(),
    PartyA: text,
    IdentifierType: text.pipe(z.enum(['1', '2', '4'])),
    ResultURL: url,
    QueueTimeOutURL: url,
    Remarks: z.string().trim().min(1).max(100),
    Occasion: z.string().max(100).optional(),
  })
  .refine((body) => body.TransactionID || body.OriginalConversationID, {
    path: ['TransactionID'],
    message: 'TransactionID or OriginalConversationID',
  });

type Json = Record<string, unknown>;

const requestId = () =>
  `${randomInt(1000, 100_000)}-${randomInt(1_000_000, 100_000_000)}-${randomInt(1, 10)}`;

function sendError(reply: FastifyReply, status: number, errorCode: string, errorMessage: string) {
  return reply.code(status).send({ requestId: requestId(), errorCode, errorMessage });
}

const invalid = (reply: FastifyReply, field: string) =>
  sendError(reply, 400, '400.002.02', `Bad Request - Invalid ${field}`);

/** Parses a request body; on failure answers Daraja's "Bad Request - Invalid <field>" and returns undefined. */
function parseBody<T extends z.ZodType>(schema: T, request: FastifyRequest, reply: FastifyReply) {
  const parsed = schema.safeParse(request.body ?? {});
  if (parsed.success) return parsed.data as z.output<T>;
  invalid(reply, String(parsed.error.issues[0]?.path[0] ?? 'Request'));
  return undefined;
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const nearNow = (timestamp: string) => {
  const date = parseDarajaTimestamp(timestamp);
  return date !== null && Math.abs(date.getTime() - Date.now()) <= TIMESTAMP_TOLERANCE_MS;
};

/** "19.12.2019 11:45:50" in East Africa Time, as B2C's TransactionCompletedDateTime. */
function dottedTime(date: Date): string {
  const t = darajaTimestamp(date);
  return `${t.slice(6, 8)}.${t.slice(4, 6)}.${t.slice(0, 4)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}`;
}

export function stkCallbackPayload(row: SandboxDarajaTransaction): Json {
  const callback: Json = {
    MerchantRequestID: row.requestId,
    CheckoutRequestID: row.id,
    ResultCode: row.resultCode,
    ResultDesc: row.resultDesc,
  };
  if (row.resultCode === 0) {
    callback.CallbackMetadata = {
      Item: [
        { Name: 'Amount', Value: row.amount },
        { Name: 'MpesaReceiptNumber', Value: row.receipt },
        { Name: 'Balance' },
        { Name: 'TransactionDate', Value: Number(darajaTimestamp(row.completesAt)) },
        { Name: 'PhoneNumber', Value: Number(row.phone) },
      ],
    };
  }
  return { Body: { stkCallback: callback } };
}

export function b2cResultPayload(row: SandboxDarajaTransaction): Json {
  const result: Json = {
    ResultType: 0,
    ResultCode: row.resultCode,
    ResultDesc: row.resultDesc,
    OriginatorConversationID: row.requestId,
    ConversationID: row.id,
    TransactionID: row.receipt ?? `${row.id.slice(3, 6).toUpperCase()}0000000`,
  };
  if (row.resultCode === 0) {
    result.ResultParameters = {
      ResultParameter: [
        { Key: 'TransactionAmount', Value: row.amount },
        { Key: 'TransactionReceipt', Value: row.receipt },
        { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
        { Key: 'B2CChargesPaidAccountAvailableFunds', Value: 0 },
        { Key: 'ReceiverPartyPublicName', Value: `${row.phone} - Sandbox Player` },
        { Key: 'TransactionCompletedDateTime', Value: dottedTime(row.completesAt) },
        { Key: 'B2CUtilityAccountAvailableFunds', Value: 1_000_000 },
        { Key: 'B2CWorkingAccountAvailableFunds', Value: 1_000_000 },
      ],
    };
  }
  result.ReferenceData = { ReferenceItem: { Key: 'QueueTimeoutURL', Value: row.queueTimeoutUrl ?? '' } };
  return { Result: result };
}

/** A Transaction Status result: the outer ids are the query's, the payment's are in ResultParameters. */
export function statusResultPayload(
  query: { originatorConversationId: string; conversationId: string },
  row: SandboxDarajaTransaction | undefined,
  initiatorValid: boolean,
): Json {
  const result: Json = {
    ResultType: 0,
    OriginatorConversationID: query.originatorConversationId,
    ConversationID: query.conversationId,
    TransactionID: `${query.conversationId.slice(3, 6).toUpperCase()}0000000`,
    ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
  };
  if (!initiatorValid)
    return { Result: { ...result, ResultCode: 2001, ResultDesc: INVALID_INITIATOR.resultDesc } };
  if (!row) {
    return {
      Result: { ...result, ResultCode: 'R000002', ResultDesc: 'The OriginatorConversationID is invalid.' },
    };
  }
  const completed = row.resultCode === 0;
  const when = Number(darajaTimestamp(row.completesAt));
  return {
    Result: {
      ...result,
      ResultCode: row.resultCode,
      ResultDesc: completed ? 'The service request has been accepted successfully.' : row.resultDesc,
      ResultParameters: {
        ResultParameter: [
          {
            Key: 'DebitPartyName',
            Value: row.kind === 'b2c' ? '600996 - PlayOn' : `${row.phone} - Sandbox Player`,
          },
          {
            Key: 'CreditPartyName',
            Value: row.kind === 'b2c' ? `${row.phone} - Sandbox Player` : '174379 - PlayOn',
          },
          { Key: 'OriginatorConversationID', Value: row.requestId },
          { Key: 'InitiatedTime', Value: Number(darajaTimestamp(row.createdAt)) },
          { Key: 'DebitAccountType', Value: 'Utility Account' },
          { Key: 'DebitPartyCharges', Value: '' },
          { Key: 'TransactionReason' },
          { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
          { Key: 'TransactionStatus', Value: completed ? 'Completed' : 'Failed' },
          { Key: 'FinalisedTime', Value: when },
          { Key: 'Amount', Value: row.amount },
          { Key: 'ConversationID', Value: row.id },
          { Key: 'ReceiptNo', Value: row.receipt ?? '' },
        ],
      },
    },
  };
}

/** Posts a callback like Daraja: once, no signature, no retry; a failure is only logged. */
async function post(send: typeof fetch, target: string, payload: Json, log: FastifyBaseLogger) {
  try {
    const response = await send(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    if (!response.ok)
      log.warn({ target, status: response.status }, 'Daraja sandbox: the callback was refused');
  } catch (error) {
    log.warn({ target, err: error }, 'Daraja sandbox: the callback could not be delivered');
  }
}

/**
 * Safaricom Daraja's endpoints, under /sandbox/daraja: OAuth, STK Push and its query, B2C and
 * Transaction Status, with Daraja's validation and errors, and its callbacks after
 * `sandboxPaymentDelayMs`. The outcome follows the test phone table (outcomes.ts).
 * `send` posts the callbacks (fetch unless a test routes them elsewhere).
 */
export function sandboxDarajaRoutes(config: Config, db: Db, send: typeof fetch = fetch) {
  const settings = config.daraja;
  const delay = config.sandboxPaymentDelayMs;
  const tokenKey = createHash('sha256')
    .update(`daraja-sandbox\0${settings.consumerKey}\0${settings.consumerSecret}`)
    .digest();
  const sign = (expires: string) =>
    createHmac('sha256', tokenKey).update(expires).digest('base64url').slice(0, 24);

  return async (app: FastifyInstance) => {
    const timers = new Set<NodeJS.Timeout>();
    const inFlight = new Set<Promise<unknown>>();
    let closing = false;

    function later(ms: number, task: () => Promise<unknown>) {
      if (closing) return;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          const running = task()
            .catch((error: unknown) => app.log.error({ err: error }, 'Daraja sandbox: a delayed task failed'))
            .finally(() => inFlight.delete(running));
          inFlight.add(running);
        },
        Math.max(0, ms),
      );
      timers.add(timer);
    }

    app.addHook('onClose', async () => {
      closing = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    });

    /** Sends a transaction's callback as many times as its outcome says, once across restarts and instances. */
    async function deliver(id: string) {
      const [row] = await db
        .update(transactions)
        .set({ callbackSentAt: new Date() })
        .where(and(eq(transactions.id, id), isNull(transactions.callbackSentAt)))
        .returning();
      if (!row) return;
      const payload = row.kind === 'stk' ? stkCallbackPayload(row) : b2cResultPayload(row);
      for (let i = 0; i < row.deliveries; i++) await post(send, row.callbackUrl, payload, app.log);
    }

    function scheduleDelivery(row: Pick<SandboxDarajaTransaction, 'id' | 'deliveries' | 'completesAt'>) {
      if (row.deliveries > 0) later(row.completesAt.getTime() - Date.now(), () => deliver(row.id));
    }

    // Daraja keeps going while our server restarts: callbacks that were due while it was down go out now.
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
          gt(transactions.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)),
        ),
      );
    for (const row of owed) scheduleDelivery(row);

    app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'Daraja sandbox failed');
      if (status === 415 || status === 400) return invalid(reply, 'Request');
      return sendError(
        reply,
        status,
        `${status}.003.01`,
        status >= 500 ? 'Internal Server Error' : error.message,
      );
    });

    const hide = { schema: { hide: true } };

    app.get(`${SANDBOX_DARAJA_PREFIX}/oauth/v1/generate`, hide, async (request, reply) => {
      const { grant_type: grantType } = request.query as { grant_type?: string };
      if (grantType !== 'client_credentials')
        return sendError(reply, 400, '400.008.02', 'Invalid grant type passed');
      const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      const [key, ...rest] = Buffer.from(match?.[1] ?? '', 'base64')
        .toString()
        .split(':');
      if (
        !match ||
        !same(key ?? '', settings.consumerKey) ||
        !same(rest.join(':'), settings.consumerSecret)
      ) {
        return sendError(reply, 400, '400.008.01', 'Invalid Authentication passed');
      }
      const expires = (Math.floor(Date.now() / 1000) + TOKEN_TTL_SECONDS).toString(36);
      return { access_token: `${expires}.${sign(expires)}`, expires_in: String(TOKEN_TTL_SECONDS) };
    });

    /** Every API call carries a token from the OAuth endpoint above, still valid. */
    function authorised(request: FastifyRequest, reply: FastifyReply): boolean {
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const [expires = '', signature = ''] = token.split('.');
      const valid = same(signature, sign(expires)) && Number.parseInt(expires, 36) * 1000 > Date.now();
      if (!valid) sendError(reply, 401, '404.001.03', 'Invalid Access Token');
      return valid;
    }

    function passwordOk(body: { BusinessShortCode: string; Password: string; Timestamp: string }) {
      return same(body.Password, stkPassword(settings.shortCode, settings.passkey, body.Timestamp));
    }

    app.post(`${SANDBOX_DARAJA_PREFIX}/mpesa/stkpush/v1/processrequest`, hide, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const body = parseBody(StkPushBody, request, reply);
      if (!body) return reply;
      if (body.BusinessShortCode !== settings.shortCode) return invalid(reply, 'BusinessShortCode');
      if (!nearNow(body.Timestamp)) return invalid(reply, 'Timestamp');
      if (!passwordOk(body)) return invalid(reply, 'Password');
      if (body.PartyB !== settings.shortCode) return invalid(reply, 'PartyB');
      const outcome = outcomeFor(body.PhoneNumber);
      const now = new Date();
      const [row] = await db
        .insert(transactions)
        .values({
          id: checkoutRequestId(darajaTimestamp(now)),
          kind: 'stk',
          requestId: merchantRequestId(),
          phone: body.PhoneNumber,
          amount: body.Amount,
          reference: body.AccountReference,
          callbackUrl: body.CallBackURL,
          resultCode: outcome.resultCode,
          resultDesc: outcome.resultDesc,
          receipt: outcome.resultCode === 0 ? receiptNumber() : null,
          deliveries: outcome.deliveries,
          completesAt: new Date(now.getTime() + delay),
        })
        .returning();
      if (!row) throw new Error('The sandbox could not store the STK Push');
      scheduleDelivery(row);
      return {
        MerchantRequestID: row.requestId,
        CheckoutRequestID: row.id,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      };
    });

    app.post(`${SANDBOX_DARAJA_PREFIX}/mpesa/stkpushquery/v1/query`, hide, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const body = parseBody(StkQueryBody, request, reply);
      if (!body) return reply;
      if (body.BusinessShortCode !== settings.shortCode) return invalid(reply, 'BusinessShortCode');
      if (!nearNow(body.Timestamp)) return invalid(reply, 'Timestamp');
      if (!passwordOk(body)) return invalid(reply, 'Password');
      const [row] = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, body.CheckoutRequestID), eq(transactions.kind, 'stk')));
      if (!row) return invalid(reply, 'CheckoutRequestID');
      if (row.completesAt.getTime() > Date.now()) {
        return sendError(reply, 500, '500.001.1001', 'The transaction is being processed');
      }
      return {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: row.requestId,
        CheckoutRequestID: row.id,
        ResultCode: String(row.resultCode),
        ResultDesc: row.resultDesc,
      };
    });

    app.post(`${SANDBOX_DARAJA_PREFIX}/mpesa/b2c/v3/paymentrequest`, hide, async (request, reply) => {
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
      const now = new Date();
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
            resultCode: outcome.resultCode,
            resultDesc: outcome.resultDesc,
            receipt: outcome.resultCode === 0 ? receiptNumber() : null,
            deliveries: outcome.deliveries,
            completesAt: new Date(now.getTime() + delay),
          })
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) return existing();
        throw error;
      }
      if (!row) throw new Error('The sandbox could not store the B2C payment');
      scheduleDelivery(row);
      return accepted(row);
    });

    app.post(`${SANDBOX_DARAJA_PREFIX}/mpesa/transactionstatus/v1/query`, hide, async (request, reply) => {
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
      const wait = Math.max(delay, (row?.completesAt.getTime() ?? 0) - Date.now());
      later(wait, () => post(send, body.ResultURL, statusResultPayload(query, row, initiatorValid), app.log));
      return {
        OriginatorConversationID: query.originatorConversationId,
        ConversationID: query.conversationId,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      };
    });

    app.get(SANDBOX_DARAJA_PREFIX, hide, async (_request, reply) => {
      const recent = await db.select().from(transactions).orderBy(desc(transactions.createdAt)).limit(50);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(sandboxDarajaPage(recent, config.publicUrl));
    });
  };
}
