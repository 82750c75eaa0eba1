import { type LoaderFunctionArgs, Outlet, redirect } from 'react-router';
import { getIdentityUser } from '../lib/auth-client';
import { readUser, storeUser } from '../lib/session-store';

/** Where the login screen sends the player back to: the path they asked for. */
export function loginRedirectFor(url: URL): string {
  return `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * Signed in means a user in session storage; a new tab with a live session cookie is signed in too,
 * so ask the identity service once before sending the visitor to /login.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (readUser()) return null;
  const user = await getIdentityUser().catch(() => null);
  if (user) {
    storeUser(user);
    return null;
  }
  throw redirect(loginRedirectFor(new URL(request.url)));
}

export const Component = Outlet;
