/**
 * The airtime charge result the carrier posts to a charge's callbackUrl, signed in
 * `X-Safaricom-Signature` with the hex HMAC-SHA256 of the raw body keyed by the consumer secret
 * (docs/airtime-sandbox.md). Check the signature on the exact bytes received, before parsing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { MalformedCallbackError } from '../errors.ts';

export const AIRTIME_SIGNATURE_HEADER = 'x-safaricom-signature';

/** Result codes of an airtime charge. */
export const AIRTIME_RESULT = {
  SUCCESS: 0,
  INSUFFICIENT_AIRTIME: 1,
  CANCELLED: 1032,
  UNREACHABLE: 1037,
  REFUSED: 2005,
} as const;

export interface AirtimeResult {
  chargeId: string;
  reference: string;
  msisdn: string;
  /** Whole KES. */
  amount: number;
  resultCode: number;
  resultDesc: string;
  completedAt: Date;
}

/** The signature the carrier puts on a body: hex HMAC-SHA256 keyed by the consumer secret. */
export function signCallbackBody(rawBody: Buffer | string, consumerSecret: string): string {
  return createHmac('sha256', consumerSecret).update(rawBody).digest('hex');
}

/** true only for the signature of exactly these bytes; compared in constant time. */
export function verifyCallbackSignature(
  rawBody: Buffer,
  signature: string | undefined,
  consumerSecret: string,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const expected = Buffer.from(signCallbackBody(rawBody, consumerSecret), 'hex');
  const given = Buffer.from(signature.trim(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const ResultSchema = z.object({
  chargeId: z.string().min(1),
  reference: z.string().min(1),
  msisdn: z.string().regex(/^254\d{9}$/),
  amount: z.number().int().positive(),
  resultCode: z.number().int(),
  resultDesc: z.string(),
  completedAt: z.iso.datetime({ offset: true }).transform((value) => new Date(value)),
});

/** A charge result from the raw body (or an already parsed one); throws on a malformed payload. */
export function parseChargeResult(body: unknown): AirtimeResult {
  let json = body;
  if (Buffer.isBuffer(body) || typeof body === 'string') {
    try {
      json = JSON.parse(body.toString());
    } catch {
      throw new MalformedCallbackError('airtime result', 'not JSON');
    }
  }
  const parsed = ResultSchema.safeParse(json);
  if (!parsed.success) {
    throw new MalformedCallbackError('airtime result', parsed.error);
  }
  return parsed.data;
}

const messages: Record<number, string> = {
  [AIRTIME_RESULT.SUCCESS]: '',
  [AIRTIME_RESULT.CANCELLED]: 'You cancelled the airtime payment.',
  [AIRTIME_RESULT.INSUFFICIENT_AIRTIME]: 'Your airtime balance is not enough for this payment.',
  [AIRTIME_RESULT.REFUSED]:
    'Safaricom did not allow this line to pay with airtime. Please choose another method.',
  [AIRTIME_RESULT.UNREACHABLE]: 'We could not reach your phone. Make sure it is on and try again.',
};

/** What a player reads when an airtime charge ends with this result code. */
export function playerMessageForAirtimeResult(resultCode: number): string {
  return messages[resultCode] ?? 'Safaricom could not complete this airtime payment. Please try again.';
}
