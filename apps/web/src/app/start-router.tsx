import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, type DataRouter, RouterProvider } from 'react-router';
import { isAppShellShown } from '../lib/app-shell';
import { routes } from './routes';

/**
 * Gives the page to the router. With `path` (a player leaving the router-free welcome page), the router
 * gets there first, its screen's chunks loaded, so the welcome page stays up until /login can show,
 * as it does for any navigation inside the router; `/` stays in the history for the back button.
 */
export async function startRouter(root: Root, path?: string): Promise<void> {
  const router = createBrowserRouter(routes);
  if (path) await router.navigate(path);
  // Over the server's shell, the screen comes in one paint: not the spinner first (ADR 0036).
  else if (isAppShellShown()) await initialized(router);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

function initialized(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
