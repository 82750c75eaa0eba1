import type { Plugin } from 'vite';
import { loginShell } from '../src/app/app-shell-markup.ts';
import { en } from '../src/lib/locales/en.ts';
import { sw } from '../src/lib/locales/sw.ts';

/**
 * `.vite/app-shells.json`: per path, per language, the HTML the server puts in the page's root for a
 * visitor with no session (ADR 0036): the login screen's top, so its title paints with the HTML.
 */
export function appShells(): Plugin {
  const locales = { en, sw };
  const shellsOf = (key: 'Login' | 'Register') =>
    Object.fromEntries(
      Object.entries(locales).map(([language, texts]) => [
        language,
        loginShell(
          {
            back: texts.common.back,
            title: texts.auth[`title${key}`],
            subtitle: texts.auth[`subtitle${key}`],
          },
          language,
        ),
      ]),
    );
  return {
    name: 'playon-app-shells',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: '.vite/app-shells.json',
        source: JSON.stringify({ '/login': shellsOf('Login'), '/register': shellsOf('Register') }),
      });
    },
  };
}
