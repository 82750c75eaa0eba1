/**
 * The card gateway's webhook, as Paystack sends it: a JSON event posted to the URL set on the
 * dashboard, signed in `x-paystack-signature` with the hex HMAC-SHA512 of the raw body, keyed by the
 * secret key. Check the signature on the exact bytes received, before parsing anything.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { MalformedCallbackError } from '../errors.ts';

export const PAYSTACK_SIGNATURE_HEADER = 'x-paystack-signature';

/** The signature the gateway puts on a body: hex HMAC-SHA512 keyed by the secret key. */
export function signWebhookBody(rawBody: Buffer | string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** true only for the signature of exactly these bytes; compared in constant time. */
export function verifyWebhookSignature(
  rawBody: Buffer,
  signature: string | undefined,
  secretKey: string,
): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature.trim())) return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secretKey), 'hex');
  const given = Buffer.from(signature.trim(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A charge event: the transaction's state when the event was sent. */
export interface ChargeEvent {
  event: 'charge.success';
  reference: string;
  /** Minor units (cents). */
  amountCents: number;
  currency: string;
  status: string;
  paidAt: Date | null;
}

/** A refund event (refund.pending, refund.processing, refund.processed, refund.failed). */
export interface RefundEvent {
  event: 'refund';
  /** The gateway's refund id. */
  refundId: string;
  status: string;
  /** The refunded transaction's reference (ours). */
  transactionReference: string;
  amountCents: number;
}

const EventSchema = z.object({ event: z.string().min(1), data: z.unknown() });

const ChargeSchema = z.object({
  reference: z.string().min(1),
  amount: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  currency: z.string().min(1),
  status: z.string().min(1),
  paid_at: z.string().nullish(),
  paidAt: z.string().nullish(),
});

const RefundSchema = z.object({
  id: z.union([z.string().min(1), z.number().int().transform(String)]),
  status: z.string().min(1),
  transaction_reference: z.string().min(1),
  amount: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
});

const malformed = (error: z.ZodError) => new MalformedCallbackError('card webhook', error);

/**
 * The event in a (signature-checked) body. `charge.success` is the only charge event the gateway
 * sends: a failed card is learned by verifying (after the redirect, or by reconciliation). Refund
 * events say where a refund to the card stands (ADR 0069). Any other event (transfers, disputes) is
 * null: acknowledge it and change nothing. Throws on a body that is not a well-formed event.
 */
export function parseWebhookEvent(rawBody: Buffer | string): ChargeEvent | RefundEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    throw new MalformedCallbackError('card webhook', 'not JSON');
  }
  const envelope = EventSchema.safeParse(json);
  if (!envelope.success) throw malformed(envelope.error);
  if (envelope.data.event.startsWith('refund.')) {
    const refund = RefundSchema.safeParse(envelope.data.data);
    if (!refund.success) throw malformed(refund.error);
    return {
      event: 'refund',
      refundId: refund.data.id,
      status: refund.data.status,
      transactionReference: refund.data.transaction_reference,
      amountCents: refund.data.amount,
    };
  }
  if (envelope.data.event !== 'charge.success') return null;
  const charge = ChargeSchema.safeParse(envelope.data.data);
  if (!charge.success) throw malformed(charge.error);
  const paid = charge.data.paid_at ?? charge.data.paidAt;
  const paidAt = paid ? new Date(paid) : null;
  return {
    event: 'charge.success',
    reference: charge.data.reference,
    amountCents: charge.data.amount,
    currency: charge.data.currency,
    status: charge.data.status,
    paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
  };
}
