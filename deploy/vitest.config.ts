import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'deploy', include: ['test/**/*.test.ts'] },
});
