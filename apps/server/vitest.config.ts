import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    name: 'server',
    maxWorkers,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    setupFiles: ['./test/support/fail-on-console-error.ts'],
    // Modules are loaded once per worker, not once per file: the app's import graph took about a
    // second a file. Each file still builds its own app on its own database.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
