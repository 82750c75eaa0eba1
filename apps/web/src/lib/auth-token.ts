import { messages } from '@playon/shared/messages';
import type { Profile } from '@playon/shared/profile';
import { ApiError } from './api-error';
import { type ApiResponse, apiFetch, parseEnvelope, readAnswer } from './api-fetch';
import { takeEarly, takeEarlyLoginCheck } from './early-requests';
import { claimsOf } from './jwt-claims';
import { languageHeaders } from './language';
import { readProfile, storeProfile } from './session-store';

/** docs/product.md, "Session": a token is stale 5 minutes before it expires. */
export const TOKEN_FRESHNESS_MARGIN_MS = 5 * 60_000;

interface CachedToken {
  token: string;
  expiresAt: number;
}

let cached: CachedToken | null = null;
let refreshing: Promise<string | null> | null = null;
/** The token the identity service's last answer carried, until the login check takes it. */
let issued: string | null = null;

/** The `exp` claim of a JWT in milliseconds, or 0 when it cannot be read (then it is stale at once). */
export function tokenExpiry(token: string): number {
  const { exp } = claimsOf(token);
  return typeof exp === 'number' ? exp * 1000 : 0;
}

export function isTokenStale(expiresAt: number, now: number, hasProfile: boolean): boolean {
  return !hasProfile || now >= expiresAt - TOKEN_FRESHNESS_MARGIN_MS;
}

/**
 * Asks the identity service for a new access token for the session cookie: null when it says there
 * is no session; an ApiError when it cannot be reached (offline is not signed out).
 */
export async function forceRefreshToken(): Promise<string | null> {
  let response: Response;
  try {
    response = await (takeEarly('/api/auth/token') ??
      fetch('/api/auth/token', { headers: { Accept: 'application/json', ...languageHeaders() } }));
  } catch {
    throw new ApiError(messages.genericError, { kind: 'network' });
  }
  if (response.status === 401 || response.status === 403) {
    cached = null;
    return null;
  }
  if (!response.ok) throw new ApiError(messages.genericError, { kind: 'http', status: response.status });
  const { token } = (await response.json()) as { token?: string };
  cached = token ? { token, expiresAt: tokenExpiry(token) } : null;
  return token ?? null;
}

/**
 * The access token a sign-in, sign-up or session answer carried (its `set-auth-jwt` header): kept as
 * /token's would be, and handed once to the login check, which then needs no round trip to /token
 *. `null` forgets one carried before: the cookie no longer stands for that session.
 */
export function acceptIssuedToken(token: string | null): void {
  issued = token;
  if (token) cached = { token, expiresAt: tokenExpiry(token) };
}

/** The token for the login check: the one the sign-in's answer carried, else a new one from /token. */
export async function tokenForLogin(): Promise<string | null> {
  const token = issued;
  issued = null;
  if (token && tokenExpiry(token) > Date.now()) return token;
  return forceRefreshToken();
}

/** The login check: GET /api/auth/login; the profile is stored on 200 or 201. */
export async function fetchLoginProfile(token: string | null): Promise<ApiResponse<Profile>> {
  const okStatuses = [200, 201];
  // A new tab's entry may have made this check already, with this very token (early-requests.ts).
  const early = token ? await takeEarlyLoginCheck(token) : undefined;
  const response = early
    ? readAnswer<Profile>(early.status, parseEnvelope<Profile>(await early.text().catch(() => '')), {
        okStatuses,
      })
    : await apiFetch<Profile>('/auth/login', { token, okStatuses });
  storeProfile(response.payload);
  return response;
}

async function refreshSession(): Promise<string | null> {
  const token = await forceRefreshToken();
  if (token && !readProfile()) {
    // A failed re-fetch leaves no profile, so the next call tries again; the screen reports its own error.
    await fetchLoginProfile(token).catch(() => undefined);
  }
  return token;
}

/** The access token for an API call, force-refreshed (and the profile re-fetched) when stale. */
export async function getAccessToken(): Promise<string | null> {
  if (cached && !isTokenStale(cached.expiresAt, Date.now(), readProfile() !== null)) return cached.token;
  refreshing ??= refreshSession().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export function forgetAccessToken(): void {
  cached = null;
  issued = null;
}
