import { type LoaderFunctionArgs, Outlet, redirect } from 'react-router';
import { useLiveNotifications } from '../features/notifications/components/use-live-notifications';
import { getIdentityUser } from '../lib/auth-client';
import { loginRedirectFor } from '../lib/ensure-profile';
import { readUser, type SessionUser, storeUser } from '../lib/session-store';

let restoring: Promise<SessionUser | null> | null = null;

/**
 * Signed in means a user in session storage; a new tab with a live session cookie is signed in too,
 * so the identity service is asked once before the visitor is sent to /login. Nested guards run in
 * parallel, so each awaits this and the question is asked once.
 */
export async function ensureSignedIn(request: Request): Promise<void> {
  if (readUser()) return;
  restoring ??= getIdentityUser()
    .catch(() => null)
    .finally(() => {
      restoring = null;
    });
  const user = await restoring;
  if (!user) throw redirect(loginRedirectFor(new URL(request.url)));
  if (!readUser()) storeUser(user);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await ensureSignedIn(request);
  return null;
}

/**
 * A signed-in player's notifications arrive live on every screen they can open: with the app on
 * screen the service worker shows no system notification, so a screen without this would miss it.
 */
export function Component() {
  useLiveNotifications();
  return <Outlet />;
}
