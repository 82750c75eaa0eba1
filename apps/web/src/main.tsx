import './index.css';
import { CHUNK_RELOAD_STORAGE_KEY } from '@playon/shared/storage-keys';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WelcomeBeforeRouter } from './app/welcome-before-router';
import { readUser } from './lib/session-store';
import { captureUtmSource } from './lib/utm';

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
const root = createRoot(document.getElementById('root') as HTMLElement);
let routerStart: Promise<void> | undefined;

/** Loads the router and gives it the page, once however many taps ask; `path` is where it starts. */
function startRouter(path?: string): Promise<void> {
  routerStart ??= import('./app/start-router').then((module) => module.startRouter(root, path));
  return routerStart;
}

// `/` is the first screen a new player opens, often on slow 4G: it shows without the router (about a
// third of the JavaScript it needed), which loads when they leave for /login. A signed-in visitor
// goes through the router, which sends them home.
if (window.location.pathname === '/' && !readUser()) {
  const leaveFor = (path: string) => {
    // The router's chunk did not arrive (a flaky network, a deploy in between): let the browser go.
    startRouter(path).catch(() => window.location.assign(path));
  };
  root.render(
    <StrictMode>
      <WelcomeBeforeRouter leaveFor={leaveFor} />
    </StrictMode>,
  );
} else {
  void startRouter();
}
