import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * React's packages resolved to Preact's (ADR 0038), for the build (vite.config.ts) and the tests
 * (vitest.config.ts), so both run what players download. Exact names only: `react-router` and
 * `react-i18next` stay themselves and import `react`, which this maps.
 */
export const preactAliases = [
  { find: /^react$/, replacement: fileURLToPath(new URL('../src/lib/react-on-preact.ts', import.meta.url)) },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

/**
 * The build tells the bundler that a call to `z` is pure (zod's schema builders: an unused schema is
 * left out, and with it zod, from a chunk that needs only a constant of the same shared module). The
 * bundler matches the name, not the binding, and Preact's minified files have functions of their own
 * named `z` (setting a style, running an effect's cleanup, `lazy`): their calls were dropped. This
 * renames them in those files before the bundler reads them, and fails the build if a new Preact
 * names things otherwise, rather than let it drop calls in silence.
 */
export function preactOwnZRenamed(): Plugin {
  const preactFile =
    /[\\/]node_modules[\\/]preact[\\/](dist|hooks[\\/]dist|compat[\\/]dist)[\\/][^\\/]+\.js$/;
  const bareZ = /(?<![\w$.])z(?![\w$])/g;
  return {
    name: 'playon-preact-own-z',
    enforce: 'pre',
    transform(code, id) {
      if (!preactFile.test(id) || !bareZ.test(code)) return null;
      if (/function z\(/.test(code) === false)
        throw new Error(`${id}: a 'z' that is not Preact's own function; check the zod purity hint`);
      return { code: code.replaceAll(bareZ, '$preactZ'), map: null };
    },
  };
}
