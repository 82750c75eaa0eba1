import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes';

/**
 * Gives the page to the router. With `path` (a player leaving the router-free welcome page), the router
 * gets there first, its screen's chunks loaded, so the welcome page stays up until /login can show,
 * as it does for any navigation inside the router; `/` stays in the history for the back button.
 */
export async function startRouter(root: Root, path?: string): Promise<void> {
  const router = createBrowserRouter(routes);
  if (path) await router.navigate(path);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
