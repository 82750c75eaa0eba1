import { PUSH_TOKEN_STORAGE_KEY } from '@playon/shared/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../test/factories';
import { fakeToken, stubFetch } from '../test/fetch-stub';
import { setUpPush, setUpPushOnStart } from './push';
import { reloadPage } from './reload-page';

vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));

// 'BAEC' is base64url for the bytes 4, 1, 2: the key the server hands out, decoded for subscribe().
const VAPID_KEY = 'BAEC';
const subscriptionJson = {
  endpoint: 'https://push.example/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BNcR', auth: 'tBHI' },
};
const token = JSON.stringify(subscriptionJson);

interface BrowserPush {
  permission: NotificationPermission;
  answer?: NotificationPermission;
  hasSubscription?: boolean;
  subscribeError?: Error;
}

function stubBrowserPush({
  permission,
  answer = 'granted',
  hasSubscription = false,
  subscribeError,
}: BrowserPush) {
  const subscription = { toJSON: () => subscriptionJson };
  const pushManager = {
    getSubscription: vi.fn(async () => (hasSubscription ? subscription : null)),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      if (subscribeError) throw subscribeError;
      return subscription;
    }),
  };
  const notification = { permission, requestPermission: vi.fn(async () => answer) };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', notification);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  return { pushManager, notification };
}

function stubServer() {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/push/vapid-public-key': () => ok({ publicKey: VAPID_KEY }),
    'POST /api/profile/device-token': () => ok(null),
  });
}
const posts = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((call) => call.path === '/api/profile/device-token');

describe('push setup', () => {
  beforeEach(() => {
    sessionStorage.setItem('user', JSON.stringify({ id: 'u1', email: 'amina@example.com', name: '' }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('subscribes a player who allowed notifications with the server key, then registers and keeps the token', async () => {
    const { pushManager } = stubBrowserPush({ permission: 'granted' });
    const calls = stubServer();
    expect(await setUpPushOnStart()).toBe('registered');
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([4, 1, 2]),
    });
    expect(posts(calls).map((call) => call.body)).toEqual([{ deviceToken: token }]);
    expect(localStorage.getItem(PUSH_TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('does not register the same token again on the next start', async () => {
    const { pushManager } = stubBrowserPush({ permission: 'granted', hasSubscription: true });
    localStorage.setItem(PUSH_TOKEN_STORAGE_KEY, token);
    const calls = stubServer();
    expect(await setUpPushOnStart()).toBe('registered');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('forgets the stored token in a browser without push', async () => {
    localStorage.setItem(PUSH_TOKEN_STORAGE_KEY, token);
    const calls = stubServer();
    expect(await setUpPushOnStart()).toBe('unsupported');
    expect(localStorage.getItem(PUSH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('never asks on start a player who has not answered yet', async () => {
    const { notification } = stubBrowserPush({ permission: 'default' });
    expect(setUpPushOnStart()).toBeNull();
    expect(notification.requestPermission).not.toHaveBeenCalled();
  });

  it('asks for permission when there is no token to get, and reloads once it is granted', async () => {
    const { notification } = stubBrowserPush({ permission: 'default', answer: 'granted' });
    expect(await setUpPush()).toBe('granted');
    expect(notification.requestPermission).toHaveBeenCalledOnce();
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('does not reload when the player says no', async () => {
    stubBrowserPush({ permission: 'default', answer: 'denied' });
    expect(await setUpPush()).toBe('denied');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('waits for the next visit when the push service fails though permission is granted (no reload loop)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { notification } = stubBrowserPush({
      permission: 'granted',
      subscribeError: new DOMException('Registration failed - push service error', 'AbortError'),
    });
    const calls = stubServer();
    expect(await setUpPushOnStart()).toBe('failed');
    expect(notification.requestPermission).not.toHaveBeenCalled();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(posts(calls)).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });
});
