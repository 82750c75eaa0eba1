import type { Env } from './env.ts';

/**
 * How many credential attempts the identity endpoints take before they ask a player to wait
 * (docs/operations.md, "Sign-in limits and carrier NAT"; ADR 0046). Failures are counted per
 * account and per address; requests that check no secret (sign-ups, reset mails) per address, and
 * reset mails per email too. Hundreds of honest players share one carrier NAT address.
 */
export interface SignInLimits {
  failuresPerAccount: number;
  accountWindowMs: number;
  failuresPerAddress: number;
  addressWindowMs: number;
  signUpsPerAddressPerMinute: number;
  resetRequestsPerAddressPerMinute: number;
  resetRequestsPerEmailPerHour: number;
}

export function signInLimits(e: Env): SignInLimits {
  return {
    failuresPerAccount: e.SIGN_IN_FAILURES_PER_ACCOUNT,
    accountWindowMs: e.SIGN_IN_FAILURES_PER_ACCOUNT_WINDOW,
    failuresPerAddress: e.SIGN_IN_FAILURES_PER_ADDRESS,
    addressWindowMs: e.SIGN_IN_FAILURES_PER_ADDRESS_WINDOW,
    signUpsPerAddressPerMinute: e.SIGN_UPS_PER_ADDRESS_PER_MINUTE,
    resetRequestsPerAddressPerMinute: e.PASSWORD_RESET_REQUESTS_PER_ADDRESS_PER_MINUTE,
    resetRequestsPerEmailPerHour: e.PASSWORD_RESET_REQUESTS_PER_EMAIL_PER_HOUR,
  };
}
