import { identityErrorMessage } from '@playon/shared/identity-errors';
import { acceptIssuedToken, forgetAccessToken } from './auth-token';
import { dropEarly, takeEarly } from './early-requests';
import { languageHeaders, setLanguage, storedLanguage } from './language';
import { clearAllStorage, type SessionUser } from './session-store';

/** An error from better-auth, its text already mapped (docs/product.md, "Identity errors"). */
export class IdentityError extends Error {
  readonly code: string | undefined;
  readonly status: number;

  constructor(code: string | undefined, status: number, serverMessage?: string) {
    super(identityErrorMessage({ code, status, message: serverMessage }));
    this.name = 'IdentityError';
    this.code = code;
    this.status = status;
  }
}

/** The identity service's answers that carry the access token. */
const TOKEN_ISSUERS = new Set(['/sign-in/email', '/sign-up/email', '/get-session']);

async function identityCall<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  // A POST signs in, up or out, or changes a password: what was asked before it no longer holds.
  if (body !== undefined) dropEarly();
  try {
    response = await ((body === undefined ? takeEarly(`/api/auth${path}`) : undefined) ??
      fetch(`/api/auth${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          Accept: 'application/json',
          ...languageHeaders(),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }));
  } catch {
    throw new IdentityError('network-request-failed', 0);
  }
  const data = (await response.json().catch(() => null)) as (T & { code?: string; message?: string }) | null;
  if (!response.ok) throw new IdentityError(data?.code, response.status, data?.message);
  // A sign-in, sign-up or session answer carries the access token; any other POST ends what it stood for.
  if (TOKEN_ISSUERS.has(path)) acceptIssuedToken(response.headers.get('set-auth-jwt'));
  else if (body !== undefined) acceptIssuedToken(null);
  return data as T;
}

interface UserResponse {
  user: SessionUser;
}

/** Players fill in their name on the profile screen (docs/product.md), so sign-up sends an empty one. */
export const signUpWithEmail = (email: string, password: string) =>
  identityCall<UserResponse>('/sign-up/email', { email, password, name: '' });

export const signInWithEmail = (email: string, password: string) =>
  identityCall<UserResponse>('/sign-in/email', { email, password });

/** The identity session behind the cookie (after a social sign-in, or in a new tab); null when none. */
export async function getIdentityUser(): Promise<SessionUser | null> {
  const session = await identityCall<{ user?: SessionUser } | null>('/get-session');
  return session?.user ?? null;
}

export type SocialProvider = 'google' | 'facebook';

/**
 * Sends the player to the provider's page. The provider returns to the identity service, which sets
 * the session cookie and redirects to `callbackURL` (or to it with `?error=` when sign-in failed).
 */
export async function startSocialSignIn(provider: SocialProvider, callbackURL: string): Promise<void> {
  const { url } = await identityCall<{ url: string }>('/sign-in/social', {
    provider,
    callbackURL,
    errorCallbackURL: callbackURL,
  });
  window.location.assign(url);
}

export const requestPasswordReset = (email: string) =>
  identityCall<unknown>('/request-password-reset', { email, redirectTo: '/reset-password' });

export const resetPassword = (newPassword: string, token: string) =>
  identityCall<unknown>('/reset-password', { newPassword, token });

/** better-auth re-authenticates with the current password before it sets the new one. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  identityCall<unknown>('/change-password', { currentPassword, newPassword, revokeOtherSessions: false });

/** Logout: ends the session and clears local and session storage. */
export async function signOut(): Promise<void> {
  await identityCall<unknown>('/sign-out', {}).catch(() => undefined);
  forgetAccessToken();
  const chosen = storedLanguage();
  clearAllStorage();
  // The language is the device's, not the player's: the next one to sign in here reads it too.
  if (chosen) setLanguage(chosen);
}
