import { messages } from '@playon/shared/messages';
import { ApiError } from './api-error';
import { type ApiRequestOptions, type ApiResponse, apiFetch } from './api-fetch';
import { forceRefreshToken, getAccessToken } from './auth-token';
import { clearSession } from './session-store';

/**
 * Calls the PlayOn API with the session's access token (refreshed first when stale). When the
 * identity service says the session is gone, the player is signed out here: the next guarded
 * navigation then goes to /login instead of showing one error after another.
 */
export function apiRequest<T>(
  path: string,
  options: Omit<ApiRequestOptions, 'token'> = {},
): Promise<ApiResponse<T>> {
  return withSessionToken((token) => apiFetch<T>(path, { ...options, token }));
}

/** Runs `call` with the session's access token, and once more with a renewed one after a 401. */
export async function withSessionToken<T>(call: (token: string) => Promise<T>): Promise<T> {
  const token = await getAccessToken();
  if (!token) signedOut();
  try {
    return await call(token);
  } catch (error) {
    // The server refused a token that looked fresh (its session ended elsewhere, or it was issued
    // before a deploy changed what a token carries): ask for a new one once. A 401 is answered before
    // anything runs, so the request is safe to send again.
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    const renewed = await forceRefreshToken();
    if (!renewed) signedOut();
    return call(renewed);
  }
}

function signedOut(): never {
  clearSession();
  throw new ApiError(messages.notLoggedIn, { kind: 'http', status: 401, code: 'UNAUTHENTICATED' });
}
