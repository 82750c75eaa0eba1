/** Daraja's request rules: its bodies' schemas and checks. The error shape is Safaricom's (../safaricom.ts). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseDarajaTimestamp } from '../../platform/daraja/time.ts';
import { invalid } from '../safaricom.ts';

/** How far a request's Timestamp may be from the sandbox's clock. */
const TIMESTAMP_TOLERANCE_MS = 60 * 60 * 1000;

const text = z.union([z.string(), z.number()]).transform(String);
const wholeShillings = (min: number) =>
  z
    .union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)])
    .transform(Number)
    .pipe(z.number().int().min(min).max(250_000));
const phone = text.pipe(z.string().regex(/^254[17]\d{8}$/));
const url = z.url({ protocol: /^https?$/ });

export const StkPushBody = z.object({
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

export const StkQueryBody = z.object({
  BusinessShortCode: text,
  Password: z.string().min(1),
  Timestamp: text.pipe(z.string().regex(/^\d{14}$/)),
  CheckoutRequestID: z.string().min(1),
});

export const B2cBody = z.object({
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

export const StatusBody = z
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

/** Parses a request body; on failure answers Daraja's "Bad Request - Invalid <field>" and returns undefined. */
export function parseBody<T extends z.ZodType>(schema: T, request: FastifyRequest, reply: FastifyReply) {
  const parsed = schema.safeParse(request.body ?? {});
  if (parsed.success) return parsed.data as z.output<T>;
  invalid(reply, String(parsed.error.issues[0]?.path[0] ?? 'Request'));
  return undefined;
}

export const nearNow = (timestamp: string) => {
  const date = parseDarajaTimestamp(timestamp);
  return date !== null && Math.abs(date.getTime() - Date.now()) <= TIMESTAMP_TOLERANCE_MS;
};
