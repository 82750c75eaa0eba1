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

/**
 * A refund event (refund.pending, refund.processing, refund.processed, refund.failed), as Paystack
 * sends it: no `id` of the refund, the amount a number or a string of digits, `refund_reference` null
 * until the processor gives one. What names the refund is kept as given; matching it to our refunds
 * is the card provider's (ADR 0076).
 */
export interface RefundEvent {
  event: 'refund';
  /** The gateway's refund id, when the event carries one. */
  refundId: string | null;
  /** `refund_reference`, when given: the refund's id or the processor's reference of it. */
  refundReference: string | null;
  /** The refund's status, or the event's when the body has none. */
  status: string;
  /** The refunded transaction's reference (ours: the payment's id), when given. */
  transactionReference: string | null;
  /** Minor units (cents), when given. */
  amountCents: number | null;
  /** The merchant note given with the refund (ours: the refund intent's id), when the event carries it. */
  merchantNote: string | null;
}

const Cents = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);
const Named = z.union([z.string(), z.number().int().transform(String)]);

const EventSchema = z.object({ event: z.string().min(1), data: z.unknown() });

const ChargeSchema = z.object({
  reference: z.string().min(1),
  amount: Cents,
  currency: z.string().min(1),
  status: z.string().min(1),
  paid_at: z.string().nullish(),
  paidAt: z.string().nullish(),
});

/** A field of a refund event that is not what we read is as good as absent: nothing is matched on it. */
const RefundSchema = z.object({
  id: Named.nullish().catch(null),
  refund_reference: Named.nullish().catch(null),
  status: z.string().nullish().catch(null),
  transaction_reference: z.string().nullish().catch(null),
  amount: Cents.nullish().catch(null),
  merchant_note: z.string().nullish().catch(null),
});

const given = (value: string | null | undefined) => (value ? value : null);

const malformed = (error: z.ZodError) => new MalformedCallbackError('card webhook', error);

/**
 * The event in a (signature-checked) body. `charge.success` is the only charge event the gateway
 * sends: a failed card is learned by verifying (after the redirect, or by reconciliation). Refund
 * events say where a refund to the card stands (ADR 0069), read leniently: one that names nothing we
 * know is acknowledged and logged by its reader, never refused, or the gateway would send it again for
 * days (ADR 0076). Any other event (transfers, disputes) is
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
      refundId: given(refund.data.id),
      refundReference: given(refund.data.refund_reference),
      status: given(refund.data.status) ?? envelope.data.event.slice('refund.'.length),
      transactionReference: given(refund.data.transaction_reference),
      amountCents: refund.data.amount ?? null,
      merchantNote: given(refund.data.merchant_note),
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
