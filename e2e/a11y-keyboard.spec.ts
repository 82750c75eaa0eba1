import { expect, type Locator, type Page, test } from '@playwright/test';
import { signedInPlayer } from './support/players.ts';
import { answerPrompt, asPlayer, handPhone, kes } from './support/wallet.ts';

/**
 * Beyond what axe sees: a player with a keyboard (or a screen reader's swipes, which move
 * focus the same way) tops up to the payment's outcome, the sheets keep focus and give it back,
 * toasts are announced politely, every control on every player screen is a 44 px target, and text
 * at twice its size still fits at 360 px.
 */

/** Where focus is: the focused element's role-ish name, for messages a person can read. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element ? (element.getAttribute('aria-label') ?? element.textContent ?? '').trim() : '';
  });

const isFocusInside = (page: Page, selector: string) =>
  page.evaluate((inside) => !!document.activeElement?.closest(inside), selector);

/** Presses Tab until `target` has focus, as a keyboard player looks for a control; fails naming the stops. */
async function tabTo(page: Page, target: Locator, most = 30) {
  const stops: string[] = [];
  for (let step = 0; step <= most; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
    stops.push(await focused(page));
  }
  throw new Error(`${most} Tabs never reached it; focus went to: ${stops.join(' | ')}`);
}

test('a keyboard player tops up: keypad, Review, the method sheet (focus kept, Escape, focus back) and a polite toast', async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request, 'Mwangi');
  await page.goto('/account/wallet');
  await expect(page.getByRole('heading', { name: 'Wallet' })).toBeVisible();

  // The skip link is the first stop and takes focus to the screen's main.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  expect(await isFocusInside(page, 'main')).toBe(true);

  await page.getByRole('button', { name: 'Top up', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/payment\/amount$/);

  // The keypad is a named group of digits; its amount is a polite live region read whole.
  const keypad = page.getByRole('group', { name: 'Keypad' });
  await keypad.getByRole('button', { name: '1', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('5');
  await page.keyboard.press('0');
  const amount = page.getByTestId('amount-display');
  await expect(amount).toHaveText(`kes${kes(150)}`);
  await expect(amount).toHaveAttribute('aria-live', 'polite');
  await expect(amount).toHaveAttribute('aria-atomic', 'true');
  await keypad.getByRole('button', { name: 'Delete last digit' }).focus();
  await page.keyboard.press('Enter');
  await expect(amount).toHaveText(`kes${kes(15)}`);
  await page.keyboard.press('0');

  await expectNoSmallTargets(page, '/account/payment/amount');
  await page.getByRole('button', { name: 'Review' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/payment\/review$/);
  await expectNoSmallTargets(page, '/account/payment/review');
  const proceed = page.getByRole('button', { name: 'Proceed' });
  await proceed.focus();
  await page.keyboard.press('Enter');

  const sheet = page.getByRole('dialog', { name: 'Choose a payment method' });
  await expect(sheet).toHaveAttribute('aria-modal', 'true');
  await expect(sheet.getByRole('button', { name: /M-Pesa/ })).toBeVisible();
  expect(await isFocusInside(page, '[role="dialog"]')).toBe(true);
  // Twice round the sheet's controls, forwards and back: focus never reaches the page behind.
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press('Tab');
    expect(await isFocusInside(page, '[role="dialog"]'), `Tab ${step + 1} on ${await focused(page)}`).toBe(
      true,
    );
  }
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press('Shift+Tab');
    expect(await isFocusInside(page, '[role="dialog"]'), `Shift+Tab ${step + 1}`).toBe(true);
  }
  // An unavailable method says so as a state, and its answer is a polite status in the live region.
  const paypal = sheet.getByRole('button', { name: /PayPal/ });
  await expect(paypal).toHaveAttribute('aria-disabled', 'true');
  await paypal.focus();
  await page.keyboard.press('Enter');
  const toast = page
    .locator('[aria-live="polite"] [role="status"]')
    .filter({ hasText: 'PayPal coming soon' });
  await expect(toast).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'PayPal' })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(proceed).toBeFocused();

  await page.keyboard.press('Enter');
  await sheet.getByRole('button', { name: /M-Pesa/ }).focus();
  await expectNoSmallTargets(page, 'the method sheet');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/payment\/pay$/);

  // The phone step: the field and the button found by Tab alone, the number typed over the profile's.
  const phoneField = page.getByLabel('M-Pesa phone number');
  await expect(phoneField).toBeVisible();
  await expectNoSmallTargets(page, '/account/payment/pay');
  await tabTo(page, phoneField);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expect(phoneField).toHaveValue('');
  // A wrong number is refused where it was typed, and focus stays for the correction.
  await page.keyboard.type('0712');
  await page.keyboard.press('Enter');
  await expect(phoneField).toHaveAttribute('aria-invalid', 'true');
  await expect(phoneField).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  const phone = handPhone();
  await page.keyboard.type(phone);
  const pay = page.getByRole('button', { name: 'Top up', exact: true });
  await tabTo(page, pay);
  await page.keyboard.press('Enter');

  // Waiting for the phone: the prompt is answered on the handset (the sandbox), then the outcome.
  await expect(page).toHaveURL(/\/waiting/);
  await expect(page.getByText("It'll just be a moment.")).toBeVisible();
  await expectNoSmallTargets(page, '/waiting');
  await answerPrompt(request, phone, 'pay');
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible({ timeout: 30_000 });
  await expectNoSmallTargets(page, '/account/payment/thank-you');
  await tabTo(page, page.getByRole('button', { name: 'View wallet' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/wallet$/);
  await expect(page.getByText('Top up from M-Pesa')).toBeVisible();
  expect(await asPlayer<{ balance: number }>(page, '/api/wallets/balance')).toMatchObject({ balance: 150 });
});

test('the side menu and the events slider answer a keyboard: focus kept and given back, a pause that holds', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedInPlayer(page, request, 'Atieno');
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.focus();
  await page.keyboard.press('Enter');
  const sideMenu = page.getByRole('dialog', { name: 'Menu' });
  await expect(sideMenu).toHaveAttribute('aria-modal', 'true');
  await expect(sideMenu.getByRole('navigation').getByRole('button', { name: 'Close menu' })).toBeFocused();
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab');
    expect(await isFocusInside(page, '[role="dialog"] nav')).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(sideMenu).toHaveCount(0);
  await expect(menu).toBeFocused();

  // Less motion asked for: the events start stopped, with a button that starts them.
  const events = page.getByRole('region', { name: 'Events' });
  await expect(events.getByRole('button', { name: 'Play the events' })).toBeVisible();
  await events.getByRole('button', { name: 'Play the events' }).click();
  await expect(events.getByRole('button', { name: 'Pause the events' })).toBeVisible();
});

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

/** Buttons and links a finger must hit, measured; links inside a sentence are exempt (WCAG 2.5.5). */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(
      'button, a[href], [role="button"], input[type="checkbox"], input[type="radio"], select',
    )) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const isHidden = box.width <= 1 || box.height <= 1 || style.visibility === 'hidden';
      const isInline =
        element.tagName === 'A' && element.closest('p, li') !== null && style.display === 'inline';
      if (isHidden || isInline || element.closest('[aria-hidden="true"]')) continue;
      // The events' banners are the carousel's picture; the one shown is tall and wide.
      if (box.width < 43.5 || box.height < 43.5) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40);
        small.push(`${name} (${Math.round(box.width)}x${Math.round(box.height)})`);
      }
    }
    return small;
  });

async function expectNoSmallTargets(page: Page, where: string) {
  await expect(page.locator('.animate-pulse').filter({ visible: true })).toHaveCount(0);
  expect.soft(await smallTargets(page), `targets under 44 px on ${where}`).toEqual([]);
}

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
