import { Outlet, useNavigation } from 'react-router';
import { NavProgress } from '../components/ui/nav-progress';
import { ToastRegion } from '../components/ui/toast-region';
import { captureInstallPrompt } from '../lib/install-prompt';

// The browser offers installing once per page load, early: listen from the router's start.
captureInstallPrompt();

/** Around every screen the router shows: the loading bar and the toasts. */
export function RootLayout() {
  const isNavigating = useNavigation().state !== 'idle';
  return (
    <>
      {isNavigating ? <NavProgress /> : null}
      <Outlet />
      <ToastRegion />
    </>
  );
}
