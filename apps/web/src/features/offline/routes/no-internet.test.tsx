import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import {
  OFFLINE_RECHECK_MS,
  PROBE_PAUSE_MS,
  probeConnection,
  RECHECK_INTERVAL_MS,
} from '../../../lib/connectivity';
import { reloadPage } from '../../../lib/reload-page';
import { dismissToast, getToasts } from '../../../lib/toast';
import { useConnectivityWatcher } from '../components/use-connectivity-watcher';
import { Component as NoInternet } from './no-internet';

vi.mock('../../../lib/reload-page', () => ({ reloadPage: vi.fn() }));

let isServerReachable = true;
const health = vi.fn(async () => {
  if (!isServerReachable) throw new TypeError('Failed to fetch');
  return new Response('{}', { status: 200 });
});

function Watched() {
  useConnectivityWatcher();
  return <Outlet />;
}
const Page = ({ name }: { name: string }) => <h1>{name}</h1>;
function Games() {
  useQuery({
    queryKey: ['games'],
    queryFn: () => Promise.reject(new ApiError('Something happened.', { kind: 'network' })),
  });
  return <h1>Games</h1>;
}

function openApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: Watched,
        children: [
          { path: '/dashboard', Component: () => <Page name="Home" /> },
          { path: '/tournaments', Component: () => <Page name="Tournaments" /> },
          { path: '/games', Component: Games },
          { path: '/no-internet', Component: NoInternet },
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

// The probe tries twice, a second apart, before it calls the connection lost.
const connectionLost = async () => {
  await waitFor(() => expect(health).toHaveBeenCalled());
  await act(() => vi.advanceTimersByTimeAsync(PROBE_PAUSE_MS));
  return screen.findByRole('heading', { name: 'Connection Lost' });
};
const toasts = () => getToasts().map((toast) => toast.message);
const goOffline = () => act(() => void window.dispatchEvent(new Event('offline')));

/** The browser says offline on the tournaments page, but the server answers: the page stays, no toast. */
async function goOfflineWhileServerAnswers() {
  openApp('/tournaments');
  goOffline();
  await waitFor(() => expect(health).toHaveBeenCalled());
  await act(() => vi.advanceTimersByTimeAsync(100));
  expect(screen.getByRole('heading', { name: 'Tournaments' })).toBeTruthy();
  expect(toasts()).toEqual([]);
}
const comeOnline = async () => {
  // The screen starts listening once React has run its effects.
  await act(() => vi.advanceTimersByTimeAsync(0));
  act(() => void window.dispatchEvent(new Event('online')));
};

describe('offline handling', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    isServerReachable = true;
    vi.stubGlobal('fetch', health);
  });
  afterEach(() => {
    // TanStack Query heard the browser's 'offline' too, and would hold every query of the next test.
    onlineManager.setOnline(true);
    for (const toast of getToasts()) dismissToast(toast.id);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('takes a player who lost the connection to Connection Lost, then back to their page, reloaded', async () => {
    const router = openApp('/tournaments?tab=ongoing');
    isServerReachable = false;
    goOffline();
    expect(await connectionLost()).toBeTruthy();
    expect(toasts()).toEqual(['You are now offline']);
    expect(health).toHaveBeenCalledWith('/api/health', expect.objectContaining({ cache: 'no-store' }));

    isServerReachable = true;
    await comeOnline();
    expect(await screen.findByRole('heading', { name: 'Tournaments' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=ongoing');
    expect(reloadPage).toHaveBeenCalledOnce();

    // The reload wipes the screen; the reloaded page says so.
    cleanup();
    for (const toast of getToasts()) dismissToast(toast.id);
    openApp('/tournaments?tab=ongoing');
    expect(toasts()).toEqual(['You are back online']);
  });

  it('notices a connection lost before the screen started listening (no event comes then)', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    isServerReachable = false;
    openApp('/tournaments');
    expect(await connectionLost()).toBeTruthy();
    expect(toasts()).toEqual(['You are now offline']);
    onLine.mockRestore();
  });

  it('asks again when the connection goes while a probe is on its way, not taking its answer from before', async () => {
    openApp('/tournaments');
    // A failed request started a probe; the server answers it, but only after the connection went.
    let answerFirst: (response: Response) => void = () => {};
    health.mockImplementationOnce(() => new Promise<Response>((resolve) => (answerFirst = resolve)));
    const before = probeConnection();
    isServerReachable = false;
    goOffline();
    answerFirst(new Response('{}', { status: 200 }));
    expect(await before).toBe(true);
    expect(await connectionLost()).toBeTruthy();
    expect(toasts()).toEqual(['You are now offline']);
  });

  it('asks again while the browser still says offline, and goes once the server stops answering', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await goOfflineWhileServerAnswers();
    health.mockClear();
    isServerReachable = false;
    await act(() => vi.advanceTimersByTimeAsync(OFFLINE_RECHECK_MS));
    expect(await connectionLost()).toBeTruthy();
    expect(toasts()).toEqual(['You are now offline']);
    onLine.mockRestore();
  });

  it('stays put when the browser says offline but the server still answers', async () => {
    await goOfflineWhileServerAnswers();
  });

  it('notices a request that could not reach the network', async () => {
    isServerReachable = false;
    openApp('/games');
    expect(await connectionLost()).toBeTruthy();
    expect(toasts()).toEqual(['You are now offline']);
  });

  it('keeps checking from the no-internet screen, and goes home when there was no page before', async () => {
    isServerReachable = false;
    const router = openApp('/no-internet');
    await screen.findByRole('heading', { name: 'Connection Lost' });
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_INTERVAL_MS + 2000));
    expect(router.state.location.pathname).toBe('/no-internet');
    isServerReachable = true;
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_INTERVAL_MS));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('Back leaves the screen for home when it was opened directly', async () => {
    isServerReachable = false;
    const router = openApp('/no-internet');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
