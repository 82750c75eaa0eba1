import { StrictMode } from 'react';
import { createBrowserRouter, type DataRouter, RouterProvider } from 'react-router';
import { forgetRenderedAhead, isRenderedAhead } from '../lib/rendered-ahead';
import type { ShowScreen } from './page-root';
import { patchRoutesOnNavigation, routes } from './routes';

/**
 * Gives the page to the router. With `path` (a player leaving the router-free welcome page), the router
 * gets there first, its screen's chunks loaded, so the welcome page stays up until /login can show,
 * as it does for any navigation inside the router; `/` stays in the history for the back button.
 */
export async function startRouter(show: ShowScreen, path?: string): Promise<void> {
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
  if (path) await router.navigate(path);
  // Over a screen rendered ahead, the router renders once its code and loaders are ready, as the
  // build rendered it: hydrated, no spinner first (ADR 0062).
  else if (isRenderedAhead()) await initialized(router);
  const hydrates = !path && isRenderedAhead(router.state.location.pathname);
  if (!hydrates) forgetRenderedAhead();
  show(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
    { hydrates },
  );
}

/** Settles once the router has loaded the first location's lazy routes and run its loaders. */
export function initialized(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
