import { fileURLToPath } from 'node:url';

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
