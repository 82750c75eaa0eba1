import { StrictMode } from 'react';
import { loadWelcomeText } from '../features/welcome/components/welcome-text';
import { currentLanguage } from '../lib/language';
import { forgetRenderedAhead, isRenderedAhead, readRenderedAhead } from '../lib/rendered-ahead';
import { pageRoot } from './page-root';
import { preloadScreen, sendBootRequests } from './screens';
import { WelcomeBeforeRouter } from './welcome-before-router';

/**
 * React's part of the boot: the entry (main.tsx) has already sent the first screen's requests and
 * asked for its chunks, and loads this once it has, so none of them waits for React to be parsed and
 * run. The HTML names this chunk and React as modulepreloads: they come with the entry.
 */
export function startApp(rootElement: HTMLElement, showsWelcome: boolean): void {
  // The screen the build rendered ahead, which the server may have put in the page: hydrated, not
  // painted again (ADR 0062).
  readRenderedAhead(rootElement);
  const show = pageRoot(rootElement);
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
    routerStart ??= loadRouter().then((module) => module.startRouter(show, path));
    return routerStart;
  };

  if (!showsWelcome) {
    // `/` is rendered ahead as the router-free welcome page, which the router's tree is not.
    if (isRenderedAhead('/')) forgetRenderedAhead();
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
  const showWelcome = () => {
    show(
      <StrictMode>
        <WelcomeBeforeRouter leaveFor={leaveFor} prepareLogin={prepareLogin} />
      </StrictMode>,
      { hydrates: isRenderedAhead('/') },
    );
    forgetRenderedAhead();
  };
  // A Kiswahili player's welcome waits for its few texts rather than flash English first.
  if (currentLanguage() === 'en') showWelcome();
  else
    void loadWelcomeText(currentLanguage())
      .catch(() => undefined)
      .then(showWelcome);
}
