import type { PlayerNotification } from '@playon/shared/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { buildProfile, failure, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { Component as Notifications } from './notifications';

const notification = (overrides: Partial<PlayerNotification> = {}): PlayerNotification => ({
  id: 'n1',
  title: 'Top up complete',
  body: 'kes 100.00 is in your wallet.',
  createdAt: '2026-11-21T08:00:00',
  url: null,
  ...overrides,
});

function stubServer(answers: Array<() => { status: number; body: unknown }>) {
  let call = 0;
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/profile/notifications': () => (answers[Math.min(call++, answers.length - 1)] as () => never)(),
  });
}

const openNotifications = () => renderRoute(Notifications, { path: '/notifications' });

describe('notifications screen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T09:00:00') });
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile());
  });
  afterEach(() => vi.useRealTimers());

  it('lists each notification with its title, body and how long ago it came', async () => {
    stubServer([
      () =>
        ok([
          notification({ id: 'n3', title: 'Boost received', createdAt: '2026-11-21T08:00:00' }),
          notification({ id: 'n2', title: 'Snake Cup has started', createdAt: '2026-11-19T10:00:00' }),
          notification({ id: 'n1', title: 'Top up complete', createdAt: '2026-11-10T07:05:00' }),
        ]),
    ]);
    openNotifications();
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeTruthy();
    const items = await within(screen.getByRole('main')).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('h2')?.textContent)).toEqual([
      'Boost received',
      'Snake Cup has started',
      'Top up complete',
    ]);
    expect(items.map((item) => item.querySelector('time')?.textContent)).toEqual([
      'Yesterday',
      '3 days ago',
      '10/11/2026, 07:05',
    ]);
    expect(within(items[0] as HTMLElement).getByText('kes 100.00 is in your wallet.')).toBeTruthy();
  });

  it('opens the page a notification is about when the player taps it', async () => {
    stubServer([() => ok([notification({ title: 'You placed 2nd', url: '/tournaments/leaderboard/4' })])]);
    openNotifications();
    fireEvent.click(await screen.findByRole('link', { name: /You placed 2nd/ }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/tournaments/leaderboard/4');
  });

  it("says 'No Notifications Yet', and Refresh asks again", async () => {
    const calls = stubServer([() => ok([]), () => ok([notification({ title: 'Welcome to PlayOn' })])]);
    openNotifications();
    expect(await screen.findByText('No Notifications Yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Welcome to PlayOn')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/profile/notifications')).toHaveLength(2);
  });

  it('offers to try again when the list cannot load', async () => {
    stubServer([() => failure(500, 'Something happened.', 'INTERNAL'), () => ok([notification()])]);
    openNotifications();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Top up complete')).toBeTruthy();
  });

  it("offers 'Turn on notifications' until the player answers, and asks the browser on the tap", async () => {
    const requestPermission = vi.fn(async () => 'denied' as const);
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
    try {
      stubServer([() => ok([])]);
      openNotifications();
      fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
      expect(requestPermission).toHaveBeenCalledOnce();
      vi.stubGlobal('Notification', { permission: 'denied', requestPermission });
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull());
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});
