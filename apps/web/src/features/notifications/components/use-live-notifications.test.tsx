import { type PlayerNotification, PUSH_TOAST_MS } from '@playon/shared/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BottomNav } from '../../../components/ui/bottom-nav';
import type { RealtimeEvent } from '../../../lib/realtime-client';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import { buildProfile, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { Component as Notifications } from '../routes/notifications';
import { useLiveNotifications } from './use-live-notifications';

const socket = vi.hoisted(() => ({ listeners: new Set<(event: RealtimeEvent) => void>() }));
vi.mock('../../../lib/realtime-client', () => ({
  subscribeRealtime: (listener: (event: RealtimeEvent) => void) => {
    socket.listeners.add(listener);
    return () => socket.listeners.delete(listener);
  },
}));
const send = (event: RealtimeEvent) =>
  act(() => {
    for (const listener of socket.listeners) listener(event);
  });

const boost: PlayerNotification = {
  id: 'n2',
  title: 'Boost received',
  body: 'otieno boosted your wallet with kes 50.00.',
  createdAt: '2026-11-22T08:59:00.000Z',
  url: '/account/wallet',
};
const topUp: PlayerNotification = {
  id: 'n1',
  title: 'Top up complete',
  body: 'kes 100.00 is in your wallet.',
  createdAt: '2026-11-21T08:00:00.000Z',
  url: null,
};

function Player() {
  useLiveNotifications();
  return <Outlet />;
}
const Home = () => (
  <>
    <h1>Home</h1>
    <BottomNav />
  </>
);

function openApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: Player,
        children: [
          { path: '/dashboard', Component: Home },
          { path: '/notifications', Component: Notifications },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const notificationTab = () => screen.getByRole('link', { name: /^Notifications/ });
const titles = () =>
  within(screen.getByRole('main'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('h2')?.textContent);

describe('live notifications', () => {
  let visibility: DocumentVisibilityState;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    socket.listeners.clear();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile());
    stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/profile/notifications': () => ok([topUp]),
    });
  });
  afterEach(() => {
    for (const toast of getToasts()) dismissToast(toast.id);
    vi.useRealTimers();
  });

  it('puts a new notification at the top of the list and shows it for 3 seconds', async () => {
    openApp('/notifications');
    await screen.findByText('Top up complete');
    // The toast's clock from here on moves only when the test says so.
    vi.useRealTimers();
    vi.useFakeTimers();
    send({ kind: 'message', data: { type: 'notification', notification: boost } });
    const message = 'Boost received: otieno boosted your wallet with kes 50.00.';
    expect(getToasts().map((toast) => toast.message)).toEqual([message]);
    act(() => vi.advanceTimersByTime(PUSH_TOAST_MS - 1));
    expect(getToasts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(getToasts()).toHaveLength(0);
    vi.useRealTimers();
    await waitFor(() => expect(titles()).toEqual(['Boost received', 'Top up complete']));
  });

  it('adds it without a toast while the app is in the background (the phone shows the push)', async () => {
    openApp('/notifications');
    await screen.findByText('Top up complete');
    visibility = 'hidden';
    send({ kind: 'message', data: { type: 'notification', notification: boost } });
    await waitFor(() => expect(titles()).toEqual(['Boost received', 'Top up complete']));
    expect(getToasts()).toHaveLength(0);
  });

  it('marks the Notifications tab until the player opens it', async () => {
    localStorage.setItem('notifications_seen_at', topUp.createdAt);
    const router = openApp('/dashboard');
    await waitFor(() => expect(socket.listeners.size).toBe(1));
    const tabs = screen.getAllByRole('link').map((link) => link.textContent);
    expect(tabs).toEqual(['Home', 'Notifications', 'Account']);
    send({ kind: 'message', data: { type: 'notification', notification: boost } });
    expect(notificationTab().textContent).toBe('Notifications(new)');
    fireEvent.click(notificationTab());
    await screen.findByText('Boost received');
    expect(router.state.location.pathname).toBe('/notifications');
    expect(notificationTab().textContent).toBe('Notifications');
  });

  it('catches up on the list when the socket reconnects', async () => {
    let lists = 0;
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/profile/notifications': () => ok(lists++ === 0 ? [topUp] : [boost, topUp]),
    });
    openApp('/notifications');
    await screen.findByText('Top up complete');
    send({ kind: 'open' });
    send({ kind: 'open' });
    expect(await screen.findByText('Boost received')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/profile/notifications')).toHaveLength(2);
  });
});
