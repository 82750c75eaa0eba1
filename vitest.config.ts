import { defineConfig } from 'vitest/config';
import { maxWorkers } from './vitest.shared.ts';

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'packages/game-sdk',
      'apps/server',
      'apps/web',
      'apps/web/vitest.tz.config.ts',
      'deploy',
    ],
    maxWorkers,
  },
});
