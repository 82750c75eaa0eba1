import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { getToasts, subscribeToasts } from '../lib/toast';
import { captureUtmSource } from '../lib/utm';

// Most visits to `/` show no toast: the viewport loads with the first one.
const ToastViewport = lazy(() => import('../components/ui/toast-viewport'));

/** Around every screen: the toasts, and the campaign source kept from any landing URL. */
export function RootLayout() {
  const { search } = useLocation();
  // On slow 4G a screen's chunk can take a moment: a bar at the top says the tap was heard.
  const isNavigating = useNavigation().state !== 'idle';
  const hasToasts = useSyncExternalStore(subscribeToasts, getToasts).length > 0;
  useEffect(() => captureUtmSource(search), [search]);
  return (
    <>
      {isNavigating ? (
        <div
          role="progressbar"
          aria-label="Loading"
          className="fixed inset-x-0 top-0 z-50 h-0.5 origin-left animate-[nav-progress_1.2s_ease-out_infinite] bg-accent"
        />
      ) : null}
      <Outlet />
      {hasToasts ? (
        <Suspense>
          <ToastViewport />
        </Suspense>
      ) : null}
    </>
  );
}
