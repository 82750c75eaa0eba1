import { describe, expect, it } from 'vitest';
import { fakeToken } from '../test/fetch-stub';
import { isTokenStale, TOKEN_FRESHNESS_MARGIN_MS, tokenExpiry } from './auth-token';

describe('session rule', () => {
  const now = Date.UTC(2026, 10, 21, 6, 0, 0);

  it('treats a token as stale five minutes before it expires', () => {
    const expiresAt = now + TOKEN_FRESHNESS_MARGIN_MS + 1000;
    expect(isTokenStale(expiresAt, now, true)).toBe(false);
    expect(isTokenStale(expiresAt, now + 1000, true)).toBe(true);
  });

  it('treats a token as stale when no profile is stored', () => {
    expect(isTokenStale(now + 60 * 60_000, now, false)).toBe(true);
  });

  it("reads the token's exp claim, and an unreadable token as already expired", () => {
    const expiry = tokenExpiry(fakeToken(15));
    expect(Math.abs(expiry - (Date.now() + 15 * 60_000))).toBeLessThan(2000);
    expect(tokenExpiry('not-a-jwt')).toBe(0);
  });
});
