import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.shared.ts';

// The demo games' rules (games/*/test) are tested here too: the games are static folders with no tooling.
export default defineConfig({
  test: {
    name: 'game-sdk',
    maxWorkers,
    include: ['test/**/*.test.js', '../../games/*/test/**/*.test.js'],
    restoreMocks: true,
  },
});
