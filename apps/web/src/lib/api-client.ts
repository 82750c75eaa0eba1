import { type ApiRequestOptions, type ApiResponse, apiFetch } from './api-fetch';
import { getAccessToken } from './auth-token';

/** Calls the PlayOn API with the session's access token (refreshed first when stale). */
export async function apiRequest<T>(
  path: string,
  options: Omit<ApiRequestOptions, 'token'> = {},
): Promise<ApiResponse<T>> {
  return apiFetch<T>(path, { ...options, token: await getAccessToken() });
}
