import type { VapidPublicKey } from '@playon/shared/notifications';
import { PUSH_TOKEN_STORAGE_KEY } from '@playon/shared/storage-keys';
import { apiRequest } from './api-client';
import { reloadPage } from './reload-page';

/** The service worker registers after the page loads; past this, push waits for the next visit. */
const SERVICE_WORKER_WAIT_MS = 10_000;

export type PushOutcome = 'registered' | 'unsupported' | 'failed' | NotificationPermission;

export function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Notifications can still be turned on here: supported, and the player has not answered yet. */
export const canAskForNotifications = (): boolean =>
  isPushSupported() && Notification.permission === 'default';

function decodeBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replaceAll('-', '+').replaceAll('_', '/');
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('No service worker became active.')), SERVICE_WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's push token: its Web Push subscription (docs/api.md), made once with the server's key. */
async function getPushSubscription(): Promise<PushSubscription> {
  const registration = await activeRegistration();
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  const { payload } = await apiRequest<VapidPublicKey>('/push/vapid-public-key');
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: decodeBase64Url(payload.publicKey),
  });
}

async function registerToken(subscription: PushSubscription): Promise<void> {
  const token = JSON.stringify(subscription);
  if (localStorage.getItem(PUSH_TOKEN_STORAGE_KEY) === token) return;
  await apiRequest<unknown>('/profile/device-token', { method: 'POST', json: { deviceToken: token } });
  localStorage.setItem(PUSH_TOKEN_STORAGE_KEY, token);
}

let running: Promise<PushOutcome> | null = null;

/**
 * Push setup (docs/product.md, "Push setup"): get a token and register it with the server, then keep it; with no push
 * in this browser, forget the stored token; when getting one fails, ask for permission and reload if
 * granted. Without permission there is no token to get, so that counts as the failure: the browser
 * shows its question only after a tap, which is why only the notifications screen's button gets here
 * before the player has answered.
 */
export function setUpPush(): Promise<PushOutcome> {
  // One at a time: two screens mounting together must not register the same token twice.
  running ??= runPushSetup().finally(() => {
    running = null;
  });
  return running;
}

async function runPushSetup(): Promise<PushOutcome> {
  if (!isPushSupported()) {
    localStorage.removeItem(PUSH_TOKEN_STORAGE_KEY);
    return 'unsupported';
  }
  try {
    if (Notification.permission !== 'granted') throw new Error('Notifications are not allowed yet.');
    await registerToken(await getPushSubscription());
    return 'registered';
  } catch (error) {
    // Asking again changes nothing once granted, and the reload would fail the same way: a loop.
    if (Notification.permission === 'granted') {
      console.warn('Push setup failed; it is tried again on the next visit.', error);
      return 'failed';
    }
    const permission = await Notification.requestPermission();
    if (permission === 'granted') reloadPage();
    return permission;
  }
}

/** On app start, without a tap: set up push where the player already allowed it; never ask. */
export function setUpPushOnStart(): Promise<PushOutcome> | null {
  if (isPushSupported() && Notification.permission !== 'granted') return null;
  return setUpPush();
}
