import { describe, expect, it, vi } from 'vitest';
import pushWorker from '../../public/push-sw.js?raw';

type Handler = (event: unknown) => void;
interface FakeClient {
  url: string;
  visibilityState: 'visible' | 'hidden';
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

const client = (visibilityState: FakeClient['visibilityState']): FakeClient => ({
  url: 'https://playon.example/dashboard',
  visibilityState,
  focus: vi.fn(async function (this: FakeClient) {
    return this;
  }),
  navigate: vi.fn(async () => null),
});

/** Runs public/push-sw.js against a fake worker scope with these open windows. */
function startWorker(windows: FakeClient[]) {
  const handlers = new Map<string, Handler>();
  const scope = {
    location: new URL('https://playon.example/sw.js'),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
    registration: { showNotification: vi.fn(async () => undefined) },
  };
  new Function('self', pushWorker)(scope);
  const dispatch = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  return { scope, dispatch };
}

const pushOf = (payload: unknown) => ({ data: { json: () => payload, text: () => JSON.stringify(payload) } });
const boost = {
  id: 'n2',
  title: 'Boost received',
  body: 'otieno boosted your wallet with kes 50.00.',
  createdAt: '2026-11-22T08:59:00.000Z',
  url: '/account/wallet',
};

describe('push service worker', () => {
  it('shows a push on the phone with its title, body and the page it leads to', async () => {
    const { scope, dispatch } = startWorker([client('hidden')]);
    await dispatch('push', pushOf(boost));
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Boost received', {
      body: 'otieno boosted your wallet with kes 50.00.',
      icon: '/icons/icon-192.png',
      tag: 'n2',
      data: { url: 'https://playon.example/account/wallet' },
    });
  });

  it('leaves it to the open app (a toast) when PlayOn is on screen', async () => {
    const { scope, dispatch } = startWorker([client('hidden'), client('visible')]);
    await dispatch('push', pushOf(boost));
    expect(scope.registration.showNotification).not.toHaveBeenCalled();
  });

  it('brings the open app forward on the notification page when tapped', async () => {
    const open = client('hidden');
    const { scope, dispatch } = startWorker([open]);
    const close = vi.fn();
    await dispatch('notificationclick', {
      notification: { close, data: { url: 'https://playon.example/account/wallet' } },
    });
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith('https://playon.example/account/wallet');
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens the app when it is closed, and never another site', async () => {
    const { scope, dispatch } = startWorker([]);
    await dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { url: 'https://evil.example/phish' } },
    });
    expect(scope.clients.openWindow).toHaveBeenCalledWith('https://playon.example/notifications');
  });
});
