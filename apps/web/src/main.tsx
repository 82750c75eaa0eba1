import './index.css';
import { CHUNK_RELOAD_STORAGE_KEY } from '@playon/shared/storage-keys';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadScreen, sendBootRequests } from './app/screens';
import { WelcomeBeforeRouter } from './app/welcome-before-router';
import { loadWelcomeText } from './features/welcome/components/welcome-text';
import { readAppShell } from './lib/app-shell';
import { currentLanguage } from './lib/language';
import { readProfile, readUser } from './lib/session-store';
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
const rootElement = document.getElementById('root') as HTMLElement;
// The login screen's top the server may have put in the page: kept until the screen replaces it.
readAppShell(rootElement);
const root = createRoot(rootElement);
let routerChunk: Promise<typeof import('./app/start-router')> | undefined;
let routerStart: Promise<void> | undefined;

const loadRouter = () => {
  routerChunk ??= import('./app/start-router');
  // i18n.ts waits for the Kiswahili texts before the first translated screen: fetch them alongside
  // the router rather than after it. An English player never loads them (ADR 0033).
  if (currentLanguage() === 'sw') import('./lib/locales/sw').catch(() => undefined);
  return routerChunk;
};

/** Loads the router and gives it the page, once however many taps ask; `path` is where it starts. */
function startRouter(path?: string): Promise<void> {
  routerStart ??= loadRouter().then((module) => module.startRouter(root, path));
  return routerStart;
}

// `/` is the first screen a new player opens, often on slow 4G: it shows without the router (about a
// third of the JavaScript it needed), which loads when they leave for /login. A signed-in visitor
// goes through the router, which sends them home.
if (window.location.pathname === '/' && !readUser()) {
  const leaveFor = (path: string) => {
    sendBootRequests(path, { hasUser: false, hasProfile: false });
    // The router's chunk did not arrive (a flaky network, a deploy in between): let the browser go.
    startRouter(path).catch(() => window.location.assign(path));
  };
  // Get Started: the slides are read for a while, and the login screen comes next; its code loads
  // meanwhile (issue 14). Not before the tap: `/` stays light for whoever only looks.
  const prepareLogin = () => {
    loadRouter().catch(() => undefined);
    preloadScreen('/login');
  };
  const showWelcome = () =>
    root.render(
      <StrictMode>
        <WelcomeBeforeRouter leaveFor={leaveFor} prepareLogin={prepareLogin} />
      </StrictMode>,
    );
  // A Kiswahili player's welcome waits for its few texts rather than flash English first (issue 16).
  if (currentLanguage() === 'en') showWelcome();
  else
    void loadWelcomeText(currentLanguage())
      .catch(() => undefined)
      .then(showWelcome);
} else {
  // The screen's own chunks and the questions it will ask start now, alongside the router's chunk,
  // rather than once the router has loaded and matched the path (issue 14).
  sendBootRequests(window.location.pathname, {
    hasUser: readUser() !== null,
    hasProfile: readProfile() !== null,
  });
  preloadScreen(window.location.pathname);
  void startRouter();
}
