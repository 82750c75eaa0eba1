import { messages } from '@playon/shared/messages';
import { ApiError } from './api-error';
import { type ApiRequestOptions, type ApiResponse, apiFetch } from './api-fetch';
import { getAccessToken } from './auth-token';
import { clearSession } from './session-store';

/**
 * Calls the PlayOn API with the session's access token (refreshed first when stale). When the
 * identity service says the session is gone, the player is signed out here: the next guarded
 * navigation then goes to /login instead of showing one error after another.
 */
export async function apiRequest<T>(
  path: string,
  options: Omit<ApiRequestOptions, 'token'> = {},
): Promise<ApiResponse<T>> {
  const token = await getAccessToken();
  if (!token) {
    clearSession();
    throw new ApiError(messages.notLoggedIn, { kind: 'http', status: 401, code: 'UNAUTHENTICATED' });
  }
  return apiFetch<T>(path, { ...options, token });
}
