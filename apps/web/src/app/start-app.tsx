import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadWelcomeText } from '../features/welcome/components/welcome-text';
import { readAppShell } from '../lib/app-shell';
import { currentLanguage } from '../lib/language';
import { preloadScreen, sendBootRequests } from './screens';
import { WelcomeBeforeRouter } from './welcome-before-router';

/**
 * React's part of the boot: the entry (main.tsx) has already sent the first screen's requests and
 * asked for its chunks, and loads this once it has, so none of them waits for React to be parsed and
 * run. The HTML names this chunk and React as modulepreloads: they come with the entry.
 */
export function startApp(rootElement: HTMLElement, showsWelcome: boolean): void {
  // The login screen's top the server may have put in the page: kept until the screen replaces it.
  readAppShell(rootElement);
  const root = createRoot(rootElement);
  let routerChunk: Promise<typeof import('./start-router')> | undefined;
  let routerStart: Promise<void> | undefined;

  const loadRouter = () => {
    routerChunk ??= import('./start-router');
    // i18n.ts waits for the Kiswahili texts before the first translated screen: fetch them alongside
    // the router rather than after it. An English player never loads them (ADR 0033).
    if (currentLanguage() === 'sw') import('../lib/locales/sw').catch(() => undefined);
    return routerChunk;
  };

  /** Loads the router and gives it the page, once however many taps ask; `path` is where it starts. */
  const startRouter = (path?: string): Promise<void> => {
    routerStart ??= loadRouter().then((module) => module.startRouter(root, path));
    return routerStart;
  };

  if (!showsWelcome) {
    void startRouter();
    return;
  }
  const leaveFor = (path: string) => {
    sendBootRequests(path, { hasUser: false, hasProfile: false });
    // The router's chunk did not arrive (a flaky network, a deploy in between): let the browser go.
    startRouter(path).catch(() => window.location.assign(path));
  };
  // Get Started: the slides are read for a while, and the login screen comes next; its code loads
  // meanwhile. Not before the tap: `/` stays light for whoever only looks.
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
  // A Kiswahili player's welcome waits for its few texts rather than flash English first.
  if (currentLanguage() === 'en') showWelcome();
  else
    void loadWelcomeText(currentLanguage())
      .catch(() => undefined)
      .then(showWelcome);
}
