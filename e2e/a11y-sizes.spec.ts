import { expect, type Locator, type Page, test } from '@playwright/test';
import { signedInPlayer } from './support/players.ts';
import { expectNoSmallTargets } from './support/touch-targets.ts';
import { asPlayer } from './support/wallet.ts';

/**
 * Beyond what axe sees, sizes: every control on every screen is a 44 px target, and text at twice
 * its size still fits at 360 px.
 */

/** The main screens, for the text-size check below. */
const playerScreens = [
  '/dashboard',
  '/account',
  '/account/wallet',
  '/account/subscription',
  '/account/boost',
  '/account/feedback',
  '/games',
  '/tournaments',
  '/tournaments/hall-of-fame',
  '/notifications',
  '/chat-room',
  '/profile',
  '/accessibility',
];

interface Route {
  path: string;
  /** What shows once the screen has loaded; its h1 when not said. */
  ready?: (page: Page) => Locator;
}

async function measureRoutes(page: Page, routes: Route[]) {
  for (const route of routes) {
    await test.step(route.path, async () => {
      await page.goto(route.path);
      await expect((route.ready ?? ((p: Page) => p.locator('h1').first()))(page)).toBeVisible();
      await expectNoSmallTargets(page, route.path);
    });
  }
}

/** Every route a visitor reaches signed out (the router's public ones and the not-found page). */
const signedOutRoutes: Route[] = [
  { path: '/', ready: (page) => page.getByRole('button', { name: 'Get Started' }) },
  { path: '/login', ready: (page) => page.getByRole('heading', { name: 'Welcome back!' }) },
  { path: '/register', ready: (page) => page.getByRole('heading', { name: 'Create account' }) },
  { path: '/reset-password' },
  { path: '/privacy', ready: (page) => page.getByText('Last Update: 26 July 2019') },
  { path: '/terms' },
  { path: '/accessibility' },
  { path: '/no-internet', ready: (page) => page.getByText('Connection Lost') },
  { path: '/no-such-place', ready: (page) => page.getByText('Page Not Found') },
];

test('every control a visitor signed out can tap is at least 44 px square, on every route', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await measureRoutes(page, signedOutRoutes);
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  await expectNoSmallTargets(page, '/ onboarding');
});

test('every control a signed-in player can tap is at least 44 px square, on every route', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await signedInPlayer(page, request, 'Kamau');
  const [game] = await asPlayer<Array<{ id: number }>>(page, '/api/games/list');
  const [video] = await asPlayer<Array<{ id: number }>>(page, '/api/playon-tv/list');
  const [room] = await asPlayer<Array<{ id: number }>>(page, '/api/chat-rooms/list');
  const tournaments = await asPlayer<Array<{ id: number }>>(page, '/api/tournaments');
  const routes: Route[] = [
    { path: '/dashboard', ready: (p) => p.getByText('Featured Games') },
    { path: '/referral', ready: (p) => p.getByText('Do you have a referral code?') },
    { path: '/profile' },
    { path: '/profile/country' },
    { path: '/profile/currency' },
    { path: '/account' },
    { path: '/account/language' },
    { path: '/account/change-password' },
    { path: '/notifications' },
    { path: '/account/wallet' },
    { path: '/account/boost', ready: (p) => p.getByText('So, you want to boost your friend?') },
    { path: '/account/subscription', ready: (p) => p.getByText(/We have several plans/) },
    { path: '/account/feedback' },
    { path: '/games' },
    { path: `/games/${game?.id}` },
    { path: '/tournaments' },
    { path: '/tournaments/leaderboard' },
    ...(tournaments[0] ? [{ path: `/tournaments/leaderboard/${tournaments[0].id}` }] : []),
    { path: '/tournaments/hall-of-fame' },
    { path: '/playon-tv' },
    { path: `/playon-tv/${video?.id}` },
    { path: '/chat-room' },
    { path: `/chat-room/${room?.id}` },
    { path: '/accessibility' },
    { path: '/privacy', ready: (p) => p.getByText('Last Update: 26 July 2019') },
    { path: '/terms' },
  ];
  await measureRoutes(page, routes);
  // The subscription's screens, which need a plan chosen: its review and the airtime page.
  await page.goto('/account/subscription');
  await page.getByRole('article', { name: 'Bronze' }).getByRole('button', { name: 'Choose' }).click();
  await expect(page.getByRole('button', { name: 'Proceed' })).toBeVisible();
  await expectNoSmallTargets(page, 'the subscription review');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page
    .getByRole('dialog', { name: 'Choose a payment method' })
    .getByRole('button', { name: /Safaricom/ })
    .click();
  await expect(page).toHaveURL(/\/account\/payment\/pay\/airtime$/);
  await expect(page.getByRole('button', { name: "Let's do it" })).toBeVisible();
  await expectNoSmallTargets(page, '/account/payment/pay/airtime');
  // The side menu, open over the dashboard.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expectNoSmallTargets(page, 'the side menu');
});

/**
 * Texts the screen cuts (an ellipsis, a clamp, a clipped box) and a page wider than the phone, as
 * support/wallet.ts's expectNothingCut sees them, less what is hidden on purpose: a screen reader's
 * texts (sr-only) and the events carousel's track, whose other banners wait beside the one shown.
 */
const cutTexts = (page: Page) =>
  page.evaluate(() => {
    const cut: string[] = [];
    for (const element of document.querySelectorAll('header *, main *, [role="dialog"] *')) {
      if (!(element instanceof HTMLElement) || element.offsetParent === null) continue;
      // A field scrolls its own text as it always does; the carousel's track holds the other banners.
      if (element.closest('.sr-only, [aria-roledescription="carousel"], input, textarea')) continue;
      const style = getComputedStyle(element);
      const clipsX = style.textOverflow === 'ellipsis' || ['hidden', 'clip'].includes(style.overflowX);
      const clipsY =
        (style.webkitLineClamp && style.webkitLineClamp !== 'none') || style.overflowY === 'hidden';
      if (
        (clipsX && element.scrollWidth > element.clientWidth + 1) ||
        (clipsY && element.scrollHeight > element.clientHeight + 1)
      )
        cut.push(element.textContent?.trim().slice(0, 80) ?? element.tagName);
    }
    if (document.documentElement.scrollWidth > window.innerWidth)
      cut.push('the page is wider than the screen');
    return cut;
  });

test('text at twice its size still fits at 360 px: nothing cut, no sideways scroll', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signedInPlayer(page, request, 'Njeri');
  // Every size in the app is in rem: a 200% root is what a phone's largest text setting gives.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.style.fontSize = '200%';
    });
  });
  for (const path of [...playerScreens, '/account/payment/amount']) {
    await test.step(path, async () => {
      if (path === '/account/payment/amount') {
        await page.goto('/account/wallet');
        await page.getByRole('button', { name: 'Top up', exact: true }).click();
      } else await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('.animate-pulse').filter({ visible: true })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('200%');
      await page.screenshot({ path: test.info().outputPath(`text-200-${path.replaceAll('/', '_')}.png`) });
      expect.soft(await cutTexts(page), `text cut or page too wide on ${path} at 200%`).toEqual([]);
    });
  }
});
