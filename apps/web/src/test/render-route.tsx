import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

/** Stands in for every other screen: shows where the player landed and the state they carried. */
function Landed() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="landed">{location.pathname + location.search}</p>
      <p data-testid="landed-state">{JSON.stringify(location.state)}</p>
    </div>
  );
}

/** Renders one screen at `path`, opened at `url` with `state`, inside a fresh QueryClient without retries. */
export function renderRoute(
  Component: ComponentType,
  { path, url = path, state }: { path: string; url?: string; state?: unknown },
) {
  const [pathname = path, search = ''] = url.split('?');
  const router = createMemoryRouter(
    [
      { path, Component },
      { path: '*', Component: Landed },
    ],
    { initialEntries: [{ pathname, search: search ? `?${search}` : '', state }] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: 0 } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}

/** The landed screen's location state, parsed. */
export const landedState = (element: HTMLElement): unknown => JSON.parse(element.textContent || 'null');
