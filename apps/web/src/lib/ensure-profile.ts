import { redirect } from 'react-router';
import { getAccessToken } from './auth-token';
import { clearSession, readProfile } from './session-store';

/** Where the login screen sends the player back to: the path they asked for. The console has its own. */
export function loginRedirectFor(url: URL): string {
  const isConsole = url.pathname === '/ops' || url.pathname.startsWith('/ops/');
  return `${isConsole ? '/ops/sign-in' : '/login'}?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * For route loaders: the session rule re-fetches a missing profile with a fresh token; a session
 * the identity service no longer knows sends the player to /login.
 */
export async function ensureProfileLoaded(request: Request): Promise<void> {
  if (readProfile()) return;
  if (await getAccessToken()) return;
  clearSession();
  throw redirect(loginRedirectFor(new URL(request.url)));
}
