import { ConfigError, type Env } from './env.ts';

/**
 * How far ahead SECRET_ROTATION_ENDS_AT may be: the card gateway retries a webhook for up to three
 * days; a longer window only keeps a retired secret, maybe a leaked one, open for longer.
 */
export const ROTATION_WINDOW_MAX_MS = 72 * 60 * 60_000;

/**
 * The M-Pesa callback secret and the card key being replaced (ADR 0054): the previous ones are still
 * accepted until `endsAt`, so callbacks and webhooks already on their way land; after it, refused.
 */
export interface SecretRotation {
  endsAt: Date;
  /**
   * New callback URLs carry the previous M-Pesa callback secret until then (both accepted), so none
   * reaches an instance the deploy has not replaced yet; unset: the new one at once.
   */
  startsAt: Date | undefined;
  previousMpesaCallbackSecret: string | undefined;
  previousPaystackSecretKey: string | undefined;
}

/** What does not hold together, each naming its variables; empty when the rotation is sound. */
function rotationProblems(e: Env, now: number): string[] {
  const problems: string[] = [];
  const previous = e.MPESA_CALLBACK_SECRET_PREVIOUS ?? e.PAYSTACK_SECRET_KEY_PREVIOUS;
  if (previous && !e.SECRET_ROTATION_ENDS_AT) {
    problems.push(
      'SECRET_ROTATION_ENDS_AT: required with MPESA_CALLBACK_SECRET_PREVIOUS or PAYSTACK_SECRET_KEY_PREVIOUS, the time the previous one stops being accepted',
    );
  }
  if (!previous && (e.SECRET_ROTATION_ENDS_AT || e.SECRET_ROTATION_STARTS_AT)) {
    problems.push(
      'SECRET_ROTATION_ENDS_AT, SECRET_ROTATION_STARTS_AT: set only with MPESA_CALLBACK_SECRET_PREVIOUS or PAYSTACK_SECRET_KEY_PREVIOUS; remove them once the rotation has ended',
    );
  }
  if (e.SECRET_ROTATION_ENDS_AT && e.SECRET_ROTATION_ENDS_AT.getTime() > now + ROTATION_WINDOW_MAX_MS) {
    problems.push('SECRET_ROTATION_ENDS_AT: at most 72 hours ahead');
  }
  if (e.SECRET_ROTATION_STARTS_AT && !e.MPESA_CALLBACK_SECRET_PREVIOUS) {
    problems.push(
      'SECRET_ROTATION_STARTS_AT: only with MPESA_CALLBACK_SECRET_PREVIOUS (it says when new callback URLs switch)',
    );
  }
  if (
    e.SECRET_ROTATION_STARTS_AT &&
    e.SECRET_ROTATION_ENDS_AT &&
    e.SECRET_ROTATION_STARTS_AT >= e.SECRET_ROTATION_ENDS_AT
  ) {
    problems.push('SECRET_ROTATION_STARTS_AT: before SECRET_ROTATION_ENDS_AT');
  }
  const pairs = [
    ['MPESA_CALLBACK_SECRET', e.MPESA_CALLBACK_SECRET, e.MPESA_CALLBACK_SECRET_PREVIOUS],
    ['PAYSTACK_SECRET_KEY', e.PAYSTACK_SECRET_KEY, e.PAYSTACK_SECRET_KEY_PREVIOUS],
  ] as const;
  for (const [name, current, previousOne] of pairs) {
    if (!previousOne) continue;
    if (!current) problems.push(`${name}_PREVIOUS: needs ${name}, the secret that replaces it`);
    else if (current === previousOne) problems.push(`${name}_PREVIOUS: the same as ${name}, not a rotation`);
  }
  return problems;
}

/**
 * The rotation the environment describes, or undefined when no secret is being replaced. An end
 * already past is allowed (an instance restarted after it): the previous secrets are then refused,
 * as after any end.
 */
export function secretRotation(e: Env, now = Date.now()): SecretRotation | undefined {
  const problems = rotationProblems(e, now);
  if (problems.length) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  if (!e.SECRET_ROTATION_ENDS_AT) return undefined;
  return {
    endsAt: e.SECRET_ROTATION_ENDS_AT,
    startsAt: e.SECRET_ROTATION_STARTS_AT,
    previousMpesaCallbackSecret: e.MPESA_CALLBACK_SECRET_PREVIOUS,
    previousPaystackSecretKey: e.PAYSTACK_SECRET_KEY_PREVIOUS,
  };
}
