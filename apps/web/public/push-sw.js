// Web Push for PlayOn, imported by the generated service worker (vite.config.ts, workbox.importScripts).
// A push carries a PlayerNotification as JSON: {id, title, body, createdAt, url}.

const FALLBACK_TITLE = 'PlayOn';
const FALLBACK_URL = '/notifications';

function readPush(event) {
  if (!event.data) return {};
  try {
    return event.data.json() ?? {};
  } catch {
    return { body: event.data.text() };
  }
}

/** Only a page of this app may be opened from a notification. */
function appUrl(url) {
  try {
    const target = new URL(url || FALLBACK_URL, self.location.origin);
    return target.origin === self.location.origin
      ? target.href
      : new URL(FALLBACK_URL, self.location.origin).href;
  } catch {
    return new URL(FALLBACK_URL, self.location.origin).href;
  }
}

async function windowClients() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

self.addEventListener('push', (event) => {
  const notification = readPush(event);
  event.waitUntil(
    (async () => {
      // With the app on screen, /ws brings the same notification as a toast: one is enough. (Chrome
      // requires a shown notification only when no page of the origin is visible.)
      const clients = await windowClients();
      if (clients.some((client) => client.visibilityState === 'visible')) return;
      await self.registration.showNotification(notification.title || FALLBACK_TITLE, {
        body: notification.body || '',
        icon: '/icons/icon-192.png',
        tag: notification.id || undefined,
        data: { url: appUrl(notification.url) },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const clients = await windowClients();
      const open = clients.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        try {
          const focused = await open.focus();
          await (focused ?? open).navigate(url);
          return;
        } catch {
          // A page this worker does not control cannot be navigated: open a new one.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
