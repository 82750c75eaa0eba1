import { expect, type Page, test } from '@playwright/test';
import { signedInPlayer, snap } from './support/players.ts';

// The dashboard paints its skeletons first and its data as it comes; nothing already on
// the screen may move when it does (a cheap phone's player taps where the button was). The browser's
// own layout-shift entries are summed, as Lighthouse's CLS does, while each answer is held back in turn.

declare global {
  interface Window {
    layoutShifts: { value: number; sources: string[] }[];
  }
}

/** Records every layout shift the page makes without input, from its first paint. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        window.layoutShifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((source) =>
            source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Holds `pattern`'s answers until the returned function is called. */
async function holdBack(page: Page, pattern: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.use({ viewport: { width: 360, height: 740 } });

test("a new player's dashboard does not move when its shelves turn out empty or full", async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request);
  await recordLayoutShifts(page);
  const releaseRecent = await holdBack(page, /\/api\/profile\/recent-games$/);
  await page.goto('/dashboard');
  // The skeletons are painted: the greeting and both shelves' titles, cards still loading.
  await expect(page.getByRole('heading', { name: 'Featured Games' })).toBeVisible();
  await expect(page.getByRole('article')).not.toHaveCount(0);
  releaseRecent();
  await expect(page.getByText("You don't have recently played games at the moment.")).toBeVisible();
  await page.waitForLoadState('networkidle');
  const shifts = await page.evaluate(() => window.layoutShifts);
  expect(shifts, JSON.stringify(shifts)).toEqual([]);
  await page.getByRole('heading', { name: 'Recently played' }).scrollIntoViewIfNeeded();
  await snap(page, 'dashboard-empty-shelf');
});
