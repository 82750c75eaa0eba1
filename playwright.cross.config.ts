import { defineConfig, devices } from '@playwright/test';
import { crossStack } from './e2e/cross/ports.ts';
import { chromiumLaunch } from './playwright.config.ts';

// The specs that cross instances: two PlayOn instances on PostgreSQL and Redis behind
// nginx round-robin, started by e2e/cross/stack.ts. `npx playwright test -c playwright.cross.config.ts`.
const stack = crossStack();

export default defineConfig({
  testDir: 'e2e/cross',
  outputDir: 'test-results/cross',
  globalSetup: './e2e/cross/stack.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report/cross' }]],
  use: {
    ...devices['Pixel 5'],
    baseURL: stack.balancerUrl,
    viewport: { width: 360, height: 740 },
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'cross', testIgnore: /failover\.spec\.ts/ },
    // Kills an instance: runs once every other spec is done with both.
    { name: 'failover', testMatch: /failover\.spec\.ts/, dependencies: ['cross'] },
  ],
});
