import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.shared.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    maxWorkers,
    environment: 'jsdom',
    // One jsdom a worker, each file still in a fresh context of its own: creating jsdom for every file
    // took most of this project's time.
    pool: 'vmThreads',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Run in forked processes by vitest.tz.config.ts: a time zone cannot change inside a thread.
    exclude: ['src/**/*.tz.test.{ts,tsx}', '**/node_modules/**'],
    restoreMocks: true,
  },
});
