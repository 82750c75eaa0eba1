import './index.css';
import { CHUNK_RELOAD_STORAGE_KEY } from '@playon/shared/storage-keys';
import { preloadScreen, sendBootRequests } from './app/screens';
import { holdEarlyInput } from './lib/early-input';
import { readProfile, readUser } from './lib/session-store';
import { captureUtmSource } from './lib/utm';

// The entry holds no React: what the first screen will ask the server, and the chunks it will need,
// start as soon as this small file has run (after the first paint on a screen rendered ahead), while
// React and the screen's code are still on their way or being parsed, instead of after them.
// app/start-app.tsx then renders, or hydrates.

captureUtmSource(window.location.search);

// A deploy replaced the chunk this page asked for: load the new version, once, rather than show the
// error screen. A second failure within the minute is a real one (offline, server down) and shows it.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? 0);
  if (!navigator.onLine || Date.now() - last < 60_000) return;
  sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

// `/` is the first screen a new player opens, often on slow 4G: it shows without the router (about a
// third of the JavaScript it needed), which loads when they leave for /login. A signed-in visitor
// goes through the router, which sends them home.
const showsWelcome = window.location.pathname === '/' && !readUser();
// The service worker once the page has loaded, as the PWA plugin's own script did; the install manifest
// (and the launcher icon Chrome fetches with it) when the page is idle after that, not beside the first
// screen's code on a slow line; the build leaves it out of the HTML for that (scripts/lighter-head.ts).
window.addEventListener(
  'load',
  () => {
    if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js', { scope: '/' });
    (window.requestIdleCallback ?? window.setTimeout)(() => {
      const manifest = document.createElement('link');
      manifest.rel = 'manifest';
      manifest.href = '/manifest.webmanifest';
      document.head.append(manifest);
    });
  },
  { once: true },
);
const rootElement = document.getElementById('root') as HTMLElement;
function start(): void {
  if (!showsWelcome) {
    sendBootRequests(window.location.pathname, {
      hasUser: readUser() !== null,
      hasProfile: readProfile() !== null,
    });
    preloadScreen(window.location.pathname);
  }
  void import('./app/start-app').then(({ startApp }) => startApp(rootElement, showsWelcome));
}
// A screen rendered ahead (ADR 0062) is in the page already and needs nothing more to paint: its
// requests and React's code (which its page does not preload) start after that first frame, so they
// take no bandwidth from the stylesheet on a slow line, and React hydrates what is already shown.
// A hidden tab paints no frame to wait for. What the player taps or types meanwhile is not lost.
if (rootElement.dataset.renderedAhead) holdEarlyInput(rootElement);
if (rootElement.dataset.renderedAhead && document.visibilityState === 'visible')
  requestAnimationFrame(() => setTimeout(start));
else start();
