import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.shared.ts';

/**
 * The web tests that play an operator whose laptop is not in Nairobi (`*.tz.test.tsx`). A time zone is
 * the process's: each file sets `process.env.TZ` before anything loads, which takes effect only on a
 * process's main thread, so these run in forked processes, not in the web project's threads.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web-tz',
    maxWorkers,
    environment: 'jsdom',
    pool: 'forks',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.tz.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
