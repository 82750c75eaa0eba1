import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.shared.ts';
import { preactAliases } from './scripts/preact-aliases.ts';

export default defineConfig({
  plugins: [react()],
  // The tests render with what players run: Preact, as the build does (ADR 0038). Testing Library
  // acts through `react-dom/test-utils` when `react` has no `act`, as Preact's compat has not.
  resolve: {
    alias: [
      ...preactAliases,
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      // Its ES module build, which imports `react-dom/client` where the aliases above can map it.
      {
        find: /^@testing-library\/react$/,
        replacement: fileURLToPath(
          new URL(
            '../../node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
            import.meta.url,
          ),
        ),
      },
    ],
  },
  test: {
    name: 'web',
    maxWorkers,
    environment: 'jsdom',
    // One jsdom a worker, each file still in a fresh context of its own: creating jsdom for every file
    // took most of this project's time.
    pool: 'vmThreads',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Libraries that import `react` go through the aliases above, not Node's own resolution.
    server: {
      deps: {
        inline: [/@testing-library[\\/]react/, /react-router/, /@tanstack[\\/]react-query/],
      },
    },
  },
});
