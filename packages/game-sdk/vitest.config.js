import { defineConfig } from 'vitest/config';

// The demo games' rules (games/*/test) are tested here too: the games are static folders with no tooling.
export default defineConfig({
  test: {
    name: 'game-sdk',
    include: ['test/**/*.test.js', '../../games/*/test/**/*.test.js'],
    restoreMocks: true,
  },
});
