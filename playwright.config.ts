import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3300);
export const baseURL = `http://localhost:${port}`;
export const dataDir = `.data-e2e-${port}`;

// Debian's Chromium, never a downloaded browser; flags keep it quiet on a machine with no internet.
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  // Cross-instance specs need two instances behind nginx: playwright.cross.config.ts.
  testIgnore: 'cross/**',
  outputDir: 'test-results',
  fullyParallel: true,
  // Most of a spec's time is the browser and the server waiting on each other: three at once keep
  // two cores busy. No retries: a spec that needs one is a defect to fix, not to hide.
  workers: 3,
  retries: 0,
  // Ceilings, not delays: a spec takes 3 to 25 s on a quiet machine; with both cores busy (another
  // suite running alongside) the longest took over a minute, and a spec must not fail only for that.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Pixel 5'],
    baseURL,
    viewport: { width: 360, height: 740 },
    launchOptions: chromiumLaunch,
    // A failed spec keeps its trace: actions, DOM snapshots, network and console. Not the screencast:
    // encoding its frames cost a sixth of the suite's CPU (4.9 → 4.1 min on three spec files), and the
    // failure's own screenshot and the snapshots show the screen.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
  webServer: {
    // A fresh data directory per run: migrations, seed and sandbox all start from nothing.
    command: `rm -rf ${dataDir} && node apps/server/src/main.ts`,
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every spec runs from one address, and the login specs give wrong passwords on purpose;
      // production keeps the default allowance.
      SIGN_IN_FAILURES_PER_ADDRESS: '1000',
      // Reconciliation asks M-Pesa about a silent payment after 3 s instead of 30 s, so a spec can wait for it.
      RECONCILE_AFTER_MS: '3000',
      // The embedded database runs its queries in the server's event loop, so on a loaded machine
      // three workers' sign-ups alone pass any event-loop delay threshold and the server sheds them
      // (503). Load shedding is proven by its own server tests (ADR 0052), not by these specs.
      LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    },
  },
});
