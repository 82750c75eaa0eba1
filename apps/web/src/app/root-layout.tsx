import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { NavProgress } from '../components/ui/nav-progress';
import { captureInstallPrompt } from '../lib/install-prompt';
import { getToasts, subscribeToasts } from '../lib/toast';

// The browser offers installing once per page load, early: listen from the router's start.
captureInstallPrompt();

// Most visits to `/` show no toast: the viewport loads with the first one.
const ToastViewport = lazy(() => import('../components/ui/toast-viewport'));

/** Around every screen the router shows: the loading bar and the toasts. */
export function RootLayout() {
  const isNavigating = useNavigation().state !== 'idle';
  const hasToasts = useSyncExternalStore(subscribeToasts, getToasts).length > 0;
  return (
    <>
      {isNavigating ? <NavProgress /> : null}
      <Outlet />
      {hasToasts ? (
        <Suspense>
          <ToastViewport />
        </Suspense>
      ) : null}
    </>
  );
}
