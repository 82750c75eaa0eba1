import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { loadWelcomeText } from '../features/welcome/components/welcome-text';
import { loadTexts } from '../lib/i18n';
import { type Language, setLanguage } from '../lib/language';
import { forgetRenderedAhead, renderAheadAt } from '../lib/rendered-ahead';
import translator from '../lib/translation';
import { routes } from './routes';
import { initialized } from './start-router';
import { WelcomeBeforeRouter } from './welcome-before-router';

/**
 * The first screens a visitor with no session opens, rendered ahead by the build (ADR 0062,
 * scripts/render-ahead.ts) in each language: `/` as the entry shows it, without the router; `/login`
 * and `/register` through the router, as `start-router.tsx` renders them. Each is the tree the app
 * will hydrate, element for element: the same components in the same StrictMode, at the same
 * location, in the same language, with the state the app starts from. Runs in the build only.
 */
export const PATHS_RENDERED_AHEAD = ['/', '/login', '/register'] as const;
const LANGUAGES: readonly Language[] = ['en', 'sw'];

/** The page's `#root`, holding the screen and saying what and in which language it is. */
export type RenderedAhead = Record<string, Record<Language, string>>;

async function screenAt(path: string): Promise<{ screen: ReactNode; dispose: () => void }> {
  if (path === '/') {
    const leave = () => undefined;
    return {
      screen: (
        <StrictMode>
          <WelcomeBeforeRouter leaveFor={leave} prepareLogin={leave} />
        </StrictMode>
      ),
      dispose: leave,
    };
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await initialized(router);
  return {
    screen: (
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>
    ),
    dispose: () => router.dispose(),
  };
}

async function speak(language: Language): Promise<void> {
  await Promise.all([loadTexts(language), loadWelcomeText(language)]);
  setLanguage(language, { remember: false });
  await translator.changeLanguage(language);
}

async function renderAhead(path: string, language: Language): Promise<string> {
  renderAheadAt(path);
  const { screen, dispose } = await screenAt(path);
  try {
    // React's static render: it waits for everything the screen suspends on, and writes no script.
    const { prelude } = await prerenderToNodeStream(screen);
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    return `<div id="root" data-rendered-ahead="${path}" data-lang="${language}">${html}</div>`;
  } finally {
    dispose();
    forgetRenderedAhead();
  }
}

/** Per path, per language, the page's `#root` with the screen rendered in it. */
export async function renderFirstScreensAhead(): Promise<RenderedAhead> {
  const rendered: RenderedAhead = {};
  for (const language of LANGUAGES) {
    await speak(language);
    for (const path of PATHS_RENDERED_AHEAD) {
      rendered[path] ??= { en: '', sw: '' };
      rendered[path][language] = await renderAhead(path, language);
    }
  }
  return rendered;
}
