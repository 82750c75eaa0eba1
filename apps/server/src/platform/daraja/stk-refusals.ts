/**
 * Daraja's documented refusals of an STK Push, each named by what it means for the payment. Daraja
 * answers most of them with HTTP 500, and shares 500.001.1001 among several: only its errorMessage
 * tells them apart (docs/mpesa-sandbox.md, "What the client does"). A refusal sent no prompt to the
 * phone, so the payment can end at once; an answer not in this table (a timeout, a network error, an
 * undocumented 5xx) leaves the outcome unknown.
 */
import type { DarajaError } from './client.ts';

export type StkRefusal =
  /** The phone has another M-Pesa session open (another prompt, a USSD menu): the player may retry. */
  | 'subscriber-busy'
  /** Daraja does not know our short code (or it is not enabled for STK Push): operators must act. */
  | 'merchant-unknown'
  /** The Password does not fit the short code (wrong passkey): operators must act. */
  | 'wrong-credentials'
  /** More requests per second than our app is allowed. */
  | 'spike-arrest'
  /** Our app's request quota is used up. */
  | 'quota'
  /** A 4xx with Daraja's error body: a field it refused. */
  | 'bad-request';

const SUBSCRIBER_LOCK_CODE = '500.001.1001';

/** Daraja's code (and, where it shares one, its message) for each refusal. */
export const STK_REFUSALS: readonly { code: string; message?: RegExp; refusal: StkRefusal }[] = [
  {
    code: SUBSCRIBER_LOCK_CODE,
    message: /unable to lock subscriber|already in process/i,
    refusal: 'subscriber-busy',
  },
  { code: SUBSCRIBER_LOCK_CODE, message: /merchant does not exist/i, refusal: 'merchant-unknown' },
  { code: SUBSCRIBER_LOCK_CODE, message: /wrong credentials/i, refusal: 'wrong-credentials' },
  { code: '500.003.02', refusal: 'spike-arrest' },
  { code: '500.003.03', refusal: 'quota' },
];

/** What a failed STK Push means: one of the documented refusals, or `unknown` (it may have reached the phone). */
export function stkRefusalOf(error: DarajaError): StkRefusal | 'unknown' {
  if (error.code === null) return 'unknown';
  const known = STK_REFUSALS.find(
    (entry) => entry.code === error.code && (!entry.message || entry.message.test(error.message)),
  );
  if (known) return known.refusal;
  return error.status >= 400 && error.status < 500 ? 'bad-request' : 'unknown';
}
