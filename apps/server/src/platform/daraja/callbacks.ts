/**
 * Daraja's asynchronous results, as Safaricom posts them: the STK Push callback, the B2C result, the
 * Transaction Status result (the B2C result's shape, about another payment) and the queue timeout. Daraja signs none of them; our
 * callback URLs carry a secret path segment instead.
 */
import { z } from 'zod';
import { MalformedCallbackError } from '../errors.ts';
import { parseDarajaTimestamp } from './time.ts';

export interface StkResult {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  amount: number | null;
  mpesaReceiptNumber: string | null;
  transactionDate: Date | null;
  phone: string | null;
}

export interface B2cResult {
  originatorConversationId: string;
  conversationId: string;
  resultCode: number;
  resultDesc: string;
  transactionId: string | null;
  amount: number | null;
  receiverPhone: string | null;
  completedAt: Date | null;
}

/**
 * The result code of a payout that did not complete without a code of its own (refused outright, or
 * failed by Transaction Status), and of a non-numeric ResultCode (Daraja uses a few, like R000002).
 * Safaricom's own codes are never negative.
 */
export const NOT_COMPLETED_RESULT_CODE = -1;

/**
 * A B2C Result's code for a request repeating an OriginatorConversationID Daraja's core already
 * had ("Duplicate Detected"): this request paid nothing, and says nothing of the first one.
 */
export const DUPLICATE_DETECTED_RESULT_CODE = 15;

/** A Transaction Status result's code when Daraja has no payment with the OriginatorConversationID asked. */
const NOT_FOUND_RESULT_CODE = 'R000002';

const code = z.union([z.number(), z.string()]);
const value = z.union([z.string(), z.number(), z.boolean(), z.null()]).optional();

const StkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string(),
      CheckoutRequestID: z.string().min(1),
      ResultCode: code,
      ResultDesc: z.string(),
      CallbackMetadata: z
        .object({
          Item: z.union([
            z.array(z.object({ Name: z.string(), Value: value })),
            z.object({ Name: z.string(), Value: value }),
          ]),
        })
        .optional(),
    }),
  }),
});

const ParameterSchema = z.object({ Key: z.string(), Value: value });
const ParametersSchema = z.union([z.array(ParameterSchema), ParameterSchema]);

const B2cResultSchema = z.object({
  Result: z.object({
    ResultType: code.optional(),
    ResultCode: code,
    ResultDesc: z.string(),
    OriginatorConversationID: z.string(),
    ConversationID: z.string(),
    TransactionID: z.string().optional(),
    ResultParameters: z.object({ ResultParameter: ParametersSchema }).optional(),
  }),
});

const QueueTimeoutSchema = z.union([
  z.object({ Result: z.object({ OriginatorConversationID: z.string(), ConversationID: z.string() }) }),
  z.object({ OriginatorConversationID: z.string(), ConversationID: z.string() }),
]);

/** Daraja's numeric codes as numbers; a non-numeric code becomes NOT_COMPLETED_RESULT_CODE. */
function resultCodeOf(raw: number | string): number {
  const parsed = typeof raw === 'number' ? raw : /^-?\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  return Number.isInteger(parsed) ? parsed : NOT_COMPLETED_RESULT_CODE;
}

function lookup(items: { name: string; value: unknown }[]): (name: string) => unknown {
  return (name) => items.find((item) => item.name === name)?.value;
}

const asNumber = (raw: unknown): number | null => {
  if (raw === undefined || raw === null || raw === '') return null;
  const parsed = Number(raw);
  return Number.isFinite(parsed) ? parsed : null;
};
const asText = (raw: unknown): string | null =>
  raw === undefined || raw === null || String(raw).trim() === '' ? null : String(raw).trim();

/** The phone at the start of "254708374149 - John Doe" (B2C's ReceiverPartyPublicName, Status's CreditPartyName). */
function phoneOf(raw: unknown): string | null {
  const match = /^\s*(254\d{9})\b/.exec(String(raw ?? ''));
  return match ? (match[1] as string) : null;
}

/** "19.12.2019 11:45:50" (B2C's TransactionCompletedDateTime) in East Africa Time, or yyyymmddhhmmss. */
function completedAtOf(raw: unknown): Date | null {
  if (raw === undefined || raw === null) return null;
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(String(raw).trim());
  if (dotted) {
    const [day, month, year, hour, minute, second] = dotted.slice(1) as string[];
    return parseDarajaTimestamp(`${year}${month}${day}${hour}${minute}${second}`);
  }
  return parseDarajaTimestamp(String(raw).trim());
}

const malformed = (what: string, error: z.ZodError) => new MalformedCallbackError(what, error);

/** Body.stkCallback; the metadata items only come with a successful payment. Throws on a malformed payload. */
export function parseStkCallback(body: unknown): StkResult {
  const parsed = StkCallbackSchema.safeParse(body);
  if (!parsed.success) throw malformed('STK callback', parsed.error);
  const callback = parsed.data.Body.stkCallback;
  const raw = callback.CallbackMetadata?.Item ?? [];
  const item = lookup(
    (Array.isArray(raw) ? raw : [raw]).map((entry) => ({ name: entry.Name, value: entry.Value })),
  );
  const date = item('TransactionDate');
  return {
    merchantRequestId: callback.MerchantRequestID,
    checkoutRequestId: callback.CheckoutRequestID,
    resultCode: resultCodeOf(callback.ResultCode),
    resultDesc: callback.ResultDesc,
    amount: asNumber(item('Amount')),
    mpesaReceiptNumber: asText(item('MpesaReceiptNumber')),
    transactionDate: date === undefined || date === null ? null : parseDarajaTimestamp(String(date)),
    phone: asText(item('PhoneNumber')),
  };
}

/**
 * A B2C result. On failure Daraja sends no ResultParameters (so no amount or phone) and a placeholder
 * TransactionID (like NLJ0000000). Throws on a malformed payload.
 */
export function parseB2cResult(body: unknown): B2cResult {
  const parsed = B2cResultSchema.safeParse(body);
  if (!parsed.success) throw malformed('B2C result', parsed.error);
  const result = parsed.data.Result;
  const parameter = parametersOf(result.ResultParameters?.ResultParameter);
  const resultCode = resultCodeOf(result.ResultCode);
  return {
    originatorConversationId: result.OriginatorConversationID,
    conversationId: result.ConversationID,
    resultCode,
    resultDesc: result.ResultDesc,
    transactionId:
      resultCode === 0 ? (asText(parameter('TransactionReceipt')) ?? asText(result.TransactionID)) : null,
    amount: asNumber(parameter('TransactionAmount')),
    receiverPhone: phoneOf(parameter('ReceiverPartyPublicName')),
    completedAt: completedAtOf(parameter('TransactionCompletedDateTime')),
  };
}

function parametersOf(raw: z.infer<typeof ParametersSchema> | undefined) {
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return lookup(list.map((entry) => ({ name: entry.Key, value: entry.Value })));
}

/**
 * What a Transaction Status answer means for the payout it is about:
 * - `completed`: TransactionStatus Completed: the money left, settle.
 * - `failed`: TransactionStatus Failed, Declined, Cancelled, Expired or Reversed: no money left (or it
 *   came back), reverse. Whatever the outer ResultCode says (Daraja may carry the payout's own code
 *   there, like 1037 for an unreachable phone).
 * - `pending`: any other TransactionStatus (Pending, Authorized...): not final, ask again later.
 * - `query-failed`: no TransactionStatus at all: the query itself failed (R000001 invalid
 *   TransactionID, R000002 invalid OriginatorConversationID, 2001 invalid initiator, a busy system):
 *   that says nothing about the payout, ask again later.
 */
export type StatusVerdict = 'completed' | 'failed' | 'pending' | 'query-failed';

export interface StatusResult {
  verdict: StatusVerdict;
  /** The query's own ConversationID, as Daraja answered it to our query (the outer one). */
  queryConversationId: string;
  /** R000002: Daraja has no payment with the OriginatorConversationID asked about. */
  notFound: boolean;
  /** The query's own ResultCode (a non-numeric one is NOT_COMPLETED_RESULT_CODE) and description. */
  resultCode: number;
  resultDesc: string;
  transactionStatus: string | null;
  /** The payout as Daraja reports it (from ResultParameters): what it must match field by field. */
  originatorConversationId: string | null;
  conversationId: string | null;
  amount: number | null;
  receiverPhone: string | null;
  receipt: string | null;
  completedAt: Date | null;
}

const FAILED_STATUSES = new Set(['failed', 'declined', 'cancelled', 'canceled', 'expired', 'reversed']);

function verdictOf(transactionStatus: string | null): StatusVerdict {
  if (transactionStatus === null) return 'query-failed';
  const status = transactionStatus.toLowerCase();
  if (status === 'completed') return 'completed';
  return FAILED_STATUSES.has(status) ? 'failed' : 'pending';
}

/**
 * A Transaction Status result: the outer ids are the query's own; the payout's ids, amount, phone and
 * receipt are in ResultParameters. Throws on a malformed payload.
 */
export function parseStatusResult(body: unknown): StatusResult {
  const parsed = B2cResultSchema.safeParse(body);
  if (!parsed.success) throw malformed('Transaction Status result', parsed.error);
  const result = parsed.data.Result;
  const parameter = parametersOf(result.ResultParameters?.ResultParameter);
  const transactionStatus = asText(parameter('TransactionStatus'));
  const verdict = verdictOf(transactionStatus);
  const completed = verdict === 'completed';
  return {
    verdict,
    queryConversationId: result.ConversationID,
    notFound: String(result.ResultCode).trim() === NOT_FOUND_RESULT_CODE,
    resultCode: resultCodeOf(result.ResultCode),
    resultDesc: result.ResultDesc,
    transactionStatus,
    // Daraja's documentation spells these with and without a space.
    originatorConversationId:
      asText(parameter('OriginatorConversationID')) ?? asText(parameter('Originator Conversation ID')),
    conversationId: asText(parameter('ConversationID')) ?? asText(parameter('Conversation ID')),
    amount: asNumber(parameter('Amount')),
    receiverPhone: phoneOf(parameter('CreditPartyName')),
    receipt: completed ? asText(parameter('ReceiptNo')) : null,
    completedAt: completed ? completedAtOf(parameter('FinalisedTime')) : null,
  };
}

/** What Daraja posts to QueueTimeOutURL when a request waited too long in its queue: the outcome is unknown. */
export function parseQueueTimeout(body: unknown): {
  originatorConversationId: string;
  conversationId: string;
} {
  const parsed = QueueTimeoutSchema.safeParse(body);
  if (!parsed.success) throw malformed('queue timeout', parsed.error);
  const ids = 'Result' in parsed.data ? parsed.data.Result : parsed.data;
  return { originatorConversationId: ids.OriginatorConversationID, conversationId: ids.ConversationID };
}

const messages: Record<number, string> = {
  0: '',
  1032: 'You cancelled the M-Pesa request.',
  1: 'Your M-Pesa balance is not enough for this payment.',
  2001: 'The M-Pesa PIN you entered was wrong.',
  1037: 'We could not reach your phone. Make sure it is on and try again.',
};

/** What a player reads when an M-Pesa payment ends with this result code. */
export function playerMessageForResultCode(resultCode: number): string {
  return messages[resultCode] ?? 'M-Pesa could not complete this payment. Please try again.';
}
