// The journeys a player feels, timed in Chromium against the built app served by the server:
//   home_ms             open `/` (nothing cached) until Get Started shows
//   login_ms            the last onboarding slide's Continue until the login screen's form shows
//   register_referral   Sign up on /register until the referral screen shows
//   dashboard           Log In (a complete player) until the dashboard's greeting shows
//   dashboard_cold      a new tab with the session cookie opens /dashboard until the greeting shows
//   wallet_amount       Top up on the wallet until the amount screen's keypad shows
// Each unthrottled and with Lighthouse's slow 4G applied through CDP (150 ms RTT, 1.6 Mbps down,
// 750 Kbps up) and the CPU slowed 4 times. Every run is a new browser context (nothing cached); the
// service worker is blocked so its background precache does not take the bandwidth of one run and
// serve the next from its cache. Prints median, min and max of each, then one line a script can read.
// Not a test: nothing here passes or fails.
//
//   node bench/journeys.ts [runs=3] [port=3410]
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config.ts';
import { BENCH_PASSWORD as PASSWORD, startAppServer } from './support/app-server.ts';

const runs = Number(process.argv[2] ?? 3);
const port = Number(process.argv[3] ?? 3410);
const { baseUrl, completePlayer, stop } = await startAppServer(port, 'journeys');

/** Lighthouse's mobile slow 4G and 4x CPU, as DevTools applies them. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

async function throttle(page: Page, isSlow: boolean): Promise<void> {
  if (!isSlow) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function newPage(browser: Browser, isSlow: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await throttle(page, isSlow);
  return { context, page };
}

const timeout = 60_000;
const since = (start: number) => performance.now() - start;

type Figures = Record<string, number>;

/** `/` until Get Started, then through the slides until the login form; then Sign up until referral. */
async function newPlayerJourney(browser: Browser, isSlow: boolean): Promise<Figures> {
  const { context, page } = await newPage(browser, isSlow);
  try {
    let start = performance.now();
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).waitFor({ timeout });
    const home = since(start);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('button', { name: 'Next' }).click({ timeout });
    await page.getByRole('button', { name: 'Next' }).click({ timeout });
    start = performance.now();
    await page.getByRole('button', { name: 'Continue' }).click({ timeout });
    await page.getByRole('button', { name: 'Log In', exact: true }).waitFor({ timeout });
    const login = since(start);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('heading', { name: 'Create account' }).waitFor({ timeout });
    await page.getByLabel('Email').fill(`bench.${randomUUID().slice(0, 8)}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    start = performance.now();
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByText('Do you have a referral code?').waitFor({ timeout });
    return { home_ms: home, login_ms: login, register_referral_ms: since(start) };
  } finally {
    await context.close();
  }
}

/** A returning player logs in on /login; then Top up on the wallet; then a new tab opens /dashboard. */
async function returningPlayerJourney(browser: Browser, isSlow: boolean): Promise<Figures> {
  const player = await completePlayer();
  const { context, page } = await newPage(browser, isSlow);
  try {
    await page.goto('/login');
    await page.getByLabel('Email').fill(player.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    let start = performance.now();
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByRole('heading', { name: 'Hi, Bench' }).waitFor({ timeout });
    const dashboard = since(start);

    await page.goto('/account/wallet');
    await page.getByRole('button', { name: 'Top up', exact: true }).waitFor({ timeout });
    start = performance.now();
    await page.getByRole('button', { name: 'Top up', exact: true }).click();
    await page.getByRole('button', { name: 'Delete last digit' }).waitFor({ timeout });
    const walletAmount = since(start);

    // The home-screen icon or a new tab: the session cookie, nothing in this tab's session storage,
    // nothing in the HTTP cache.
    const fresh = await newPage(browser, isSlow);
    try {
      await fresh.context.addCookies(await context.cookies());
      start = performance.now();
      await fresh.page.goto('/dashboard');
      await fresh.page.getByRole('heading', { name: 'Hi, Bench' }).waitFor({ timeout });
      return { dashboard_ms: dashboard, wallet_amount_ms: walletAmount, dashboard_cold_ms: since(start) };
    } finally {
      await fresh.context.close();
    }
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const summary: string[] = [];
try {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    // One unmeasured pass: the server's first requests (JIT, PGlite's first queries) are not a player's.
    await newPlayerJourney(browser, false);
    await returningPlayerJourney(browser, false);
    for (const isSlow of [false, true]) {
      const samples: Record<string, number[]> = {};
      for (let run = 0; run < runs; run++) {
        const figures = {
          ...(await newPlayerJourney(browser, isSlow)),
          ...(await returningPlayerJourney(browser, isSlow)),
        };
        for (const [name, value] of Object.entries(figures))
          samples[name] = [...(samples[name] ?? []), value];
      }
      console.log(isSlow ? 'Slow 4G (150 ms RTT, 1.6/0.75 Mbps) and 4x CPU:' : 'Unthrottled:');
      for (const [name, values] of Object.entries(samples)) {
        const ms = (value: number) => `${Math.round(value)} ms`;
        console.log(
          `  ${name.padEnd(22)} median ${ms(median(values)).padStart(8)}  min ${ms(Math.min(...values)).padStart(8)}  max ${ms(Math.max(...values)).padStart(8)}`,
        );
        const key = isSlow ? name.replace(/_ms$/, '_slow4g_ms') : name;
        summary.push(`${key}=${Math.round(median(values))}`);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(
    `load average: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  console.log(`journeys: runs=${runs} ${summary.join(' ')}`);
} finally {
  stop();
}
