import type { Operator } from '@playon/shared/ops';
import type { PlayerDetail } from '@playon/shared/ops-players';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../../lib/session-store';
import { ok } from '../../../../test/factories';
import { fakeToken, stubFetch } from '../../../../test/fetch-stub';
import { Component as Player } from './player';

const player: PlayerDetail = {
  uid: 'p1',
  identity: {
    email: 'amina@example.com',
    name: 'Amina',
    emailVerified: true,
    role: 'player',
    state: 'active',
    disabledReason: null,
    signInMethods: ['credential'],
    activeSessions: 1,
    createdAt: '2026-11-24T09:30:00.000Z',
  },
  profile: null,
  balance: 250,
};

const operator = { uid: 'o1', email: 'fin@example.com', role: 'finance' } as Operator;
const empty = () => ok({ items: [], total: 0, page: 1, pageSize: 25 });

/** The player's page inside the console's layout (which hands it the operator), opened at `url`. */
function openAt(url: string) {
  storeUser({ id: 'o1', email: 'fin@example.com', name: '' });
  stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/ops/players/p1': () => ok(player),
    'GET /api/ops/players/p1/ledger': empty,
    'GET /api/ops/players/p1/payments': empty,
    'GET /api/ops/players/p1/reports': empty,
    'GET /api/ops/players/p1/tournaments': empty,
    'GET /api/ops/players/p1/subscriptions': () => ok([]),
  });
  const router = createMemoryRouter(
    [
      {
        path: '/ops',
        element: <Outlet context={operator} />,
        children: [{ path: 'players/:uid', Component: Player }],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const selected = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');

describe("a player's page in the console", () => {
  it('opens the tab its address names, puts each tab chosen in the address, and Back returns to the one before', async () => {
    const router = openAt('/ops/players/p1?tab=payments');
    expect((await screen.findByRole('tab', { name: 'Payments' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Payments' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(router.state.location.search).toBe('?tab=reports');
    expect(selected()?.textContent).toBe('Reports');

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?tab=payments');
    expect(selected()?.textContent).toBe('Payments');
  });

  it('opens the ledger when the address names no tab, or one it does not know', async () => {
    openAt('/ops/players/p1?tab=nonsense');
    expect((await screen.findByRole('tab', { name: 'Ledger' })).getAttribute('aria-selected')).toBe('true');
  });
});
