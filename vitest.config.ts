import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/game-sdk', 'apps/server', 'apps/web'],
  },
});
