import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';
import { getToasts, subscribeToasts } from '../lib/toast';
import { captureUtmSource } from '../lib/utm';

// Most visits to `/` show no toast: the viewport loads with the first one.
const ToastViewport = lazy(() => import('../components/ui/toast-viewport'));

/** Around every screen: the toasts, and the campaign source kept from any landing URL. */
export function RootLayout() {
  const { search } = useLocation();
  const hasToasts = useSyncExternalStore(subscribeToasts, getToasts).length > 0;
  useEffect(() => captureUtmSource(search), [search]);
  return (
    <>
      <Outlet />
      {hasToasts ? (
        <Suspense>
          <ToastViewport />
        </Suspense>
      ) : null}
    </>
  );
}
