import { expect, type Page, test } from '@playwright/test';
import { sw } from '../apps/web/src/lib/locales/sw.ts';
import { swWelcome } from '../apps/web/src/lib/locales/sw-welcome.ts';
import { LANGUAGE_COOKIE } from '../packages/shared/src/storage-keys.ts';
import {
  accountScreens,
  consoleScreens,
  playScreens,
  type Screen,
  scanAll,
  signedOut,
} from './support/a11y-screens.ts';
import { expectNoAxeViolations, waitForContent } from './support/axe.ts';
import { demoAdmin, openConsole } from './support/operators.ts';
import { sendFeedbackThroughApp } from './support/ops-community.ts';
import { newPlayer, registerPlayer, signedInPlayer } from './support/players.ts';
import {
  answerPrompt,
  asPlayer,
  chooseMethod,
  enterAmount,
  handPhone,
  startTopUp,
} from './support/wallet.ts';

/**
 * Axe finds nothing on any screen, signed in and out. Each screen is scanned once its
 * content shows (never a spinner); a failure names the rule, its impact and the elements.
 */

// The English walk below taps through the screens by their English names; the Kiswahili one
// (further down) scans the same screens in Kiswahili, found by the Kiswahili texts themselves.
for (const language of ['en']) {
  test.describe(`accessibility (${language})`, () => {
    test('a visitor signed out meets no axe violation on any screen', async ({ page }) => {
      await scanAll(page, signedOut);
      // The onboarding slides behind Get Started.
      await page.goto('/');
      await page.getByRole('button', { name: 'Get Started' }).click();
      await waitForContent(page, page.getByRole('button', { name: 'Next' }));
      await expectNoAxeViolations(page, '/ onboarding');
      // A guarded page sends a visitor to login.
      await page.goto('/account');
      await waitForContent(page, page.getByRole('heading', { name: 'Welcome back!' }));
      await expectNoAxeViolations(page, '/account signed out');
    });

    test("a signed-in player meets no axe violation on the home and account's screens", async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      await signedInPlayer(page, request, 'Achieng');
      await scanAll(page, accountScreens);
      // The side menu over the dashboard, and a profile field's editor.
      await page.goto('/dashboard');
      await waitForContent(page, page.getByText('Featured Games'));
      await page.getByRole('button', { name: /menu/i }).first().click();
      await waitForContent(page, page.getByRole('link', { name: 'Hall of fame' }));
      await expectNoAxeViolations(page, '/dashboard side menu');
      await page.goto('/profile');
      await waitForContent(page, page.locator('h1'));
      await page.getByRole('button', { name: /Username/ }).click();
      await waitForContent(page, page.getByRole('dialog'));
      await expectNoAxeViolations(page, '/profile editing the username');
    });

    test('a signed-in player meets no axe violation on the games, tournaments, TV and chat screens', async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      await signedInPlayer(page, request, 'Chebet');
      await scanAll(page, playScreens);
    });

    test("a player meets no axe violation on a game's, a leaderboard's, a video's and a chat room's own screen", async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      await signedInPlayer(page, request, 'Otieno');
      const [game] = await asPlayer<Array<{ id: number }>>(page, '/api/games/list');
      const [tournament] = await asPlayer<Array<{ id: number }>>(page, '/api/tournaments');
      const [video] = await asPlayer<Array<{ id: number }>>(page, '/api/playon-tv/list');
      await scanAll(page, [
        { path: `/games/${game?.id}`, ready: (p) => p.getByRole('button', { name: 'Play now' }) },
        { path: `/tournaments/leaderboard/${tournament?.id}` },
        { path: `/playon-tv/${video?.id}` },
      ]);
      await page.goto('/chat-room');
      await waitForContent(page, page.getByRole('listitem').first());
      await page.getByRole('listitem').filter({ hasText: 'General' }).first().click();
      await waitForContent(page, page.getByRole('dialog').getByRole('button', { name: 'Join' }));
      await expectNoAxeViolations(page, '/chat-room join dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Join' }).click();
      await expect(page).toHaveURL(/\/chat-room\/\d+$/);
      await waitForContent(page, page.getByRole('list', { name: 'Messages' }));
      await expectNoAxeViolations(page, '/chat-room/:id');
    });

    test('a player paying meets no axe violation from the amount to the thank-you', async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      await signedInPlayer(page, request, 'Wambui');
      await page.goto('/account/wallet');
      await page.getByRole('button', { name: 'Top up', exact: true }).click();
      await waitForContent(page, page.getByRole('button', { name: 'Review' }));
      await expectNoAxeViolations(page, '/account/payment/amount');
      await enterAmount(page, 150);
      await page.getByRole('button', { name: 'Review' }).click();
      await waitForContent(page, page.getByRole('button', { name: 'Proceed' }));
      await expectNoAxeViolations(page, '/account/payment/review');
      await page.getByRole('button', { name: 'Proceed' }).click();
      await waitForContent(page, page.getByRole('dialog', { name: 'Choose a payment method' }));
      await expectNoAxeViolations(page, '/account/payment/review, the methods sheet');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /M-Pesa/ })
        .click();
      await waitForContent(page, page.getByLabel('M-Pesa phone number'));
      await expectNoAxeViolations(page, '/account/payment/pay');
      // A phone that waits for its answer: the waiting screen stays while it is scanned.
      const phone = handPhone();
      await page.getByLabel('M-Pesa phone number').fill(phone);
      await page.getByRole('button', { name: 'Top up', exact: true }).click();
      await expect(page).toHaveURL(/\/waiting/);
      await waitForContent(page, page.getByText("It'll just be a moment."), true);
      await expectNoAxeViolations(page, '/waiting');
      await answerPrompt(request, phone, 'pay');
      await waitForContent(page, page.getByRole('heading', { name: 'Thank you!' }));
      await expectNoAxeViolations(page, '/account/payment/thank-you');

      // A Bronze plan paid with airtime.
      await page.goto('/account/subscription');
      const bronze = page.getByRole('article').filter({ hasText: 'Bronze' }).first();
      await bronze.getByRole('button', { name: 'Choose' }).click();
      await waitForContent(page, page.getByRole('button', { name: 'Proceed' }));
      await chooseMethod(page, /airtime/i);
      await expect(page).toHaveURL(/\/account\/payment\/pay\/airtime$/);
      await waitForContent(page, page.getByRole('button', { name: "Let's do it" }));
      await expectNoAxeViolations(page, '/account/payment/pay/airtime');
    });

    test('a player with an incomplete profile meets no axe violation on the profile they are sent to', async ({
      page,
      request,
    }) => {
      const player = newPlayer('Kiprop');
      await registerPlayer(request, player, false);
      await page.request.post('/api/auth/sign-in/email', {
        data: { email: player.email, password: player.password },
      });
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/profile$/);
      await waitForContent(page, page.getByText('You need to update your profile details to proceed'));
      await expectNoAxeViolations(page, '/profile, incomplete');
    });

    test("the demo admin meets no axe violation on the console's lists", async ({ page }) => {
      test.setTimeout(420_000);
      await openConsole(page, demoAdmin(), '/ops');
      await scanAll(page, consoleScreens);
    });

    test("the demo admin meets no axe violation on a player's, a payment's and a message's console screen", async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(420_000);
      // A player with a payment and a feedback message, on a phone of their own, for the console to show.
      const phone = await browser.newContext();
      const playerPage = await phone.newPage();
      const player = await signedInPlayer(playerPage, request, 'Nafula');
      const payment = await startTopUp(playerPage, player.uid, 100);
      const [tournament] = await asPlayer<Array<{ id: number }>>(playerPage, '/api/tournaments');
      const rooms = await asPlayer<Array<{ name: string; chatRoomUid: string }>>(
        playerPage,
        '/api/chat-rooms/list',
      );
      const general = rooms.find((room) => room.name === 'General')?.chatRoomUid ?? '';
      await sendFeedbackThroughApp(playerPage, 'Colours', 'The buttons are easy to read.');
      await phone.close();

      await openConsole(page, demoAdmin(), '/ops');
      await scanAll(
        page,
        [
          `/ops/players/${player.uid}`,
          `/ops/payments/${payment}`,
          `/ops/content/tournaments/${tournament?.id}`,
          `/ops/content/tournaments/new`,
          `/ops/community/moderation/${encodeURIComponent(general)}`,
        ].map((path) => ({ path, ready: (p: Page) => p.locator('main h1, main h2').first() })),
      );
      // A feedback message opened from the list, as an operator opens it.
      await page.goto('/ops/community/feedback');
      await page.getByRole('main').getByText('Colours').first().click();
      await expect(page).toHaveURL(/\/ops\/community\/feedback\/[^/]+$/);
      await waitForContent(page, page.getByText('The buttons are easy to read.'));
      await expectNoAxeViolations(page, '/ops/community/feedback/:id');
    });
  });
}

/**
 * The same screens in Kiswahili (axe in both languages). The phone chose Kiswahili before, as the
 * language switch leaves it: in local storage and in the cookie the server renders the first screens
 * ahead by (ADR 0062). With the storage alone, the first screen came rendered in English, `<html
 * lang>` turned sw at once and its English h1 passed for ready while the Kiswahili texts were still
 * loading, so axe could scan the page mid-swap. A screen is ready once its h1 shows, no spinner or
 * skeleton left. The console is English only and is not scanned again.
 */
test.describe('accessibility (sw)', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await page.addInitScript(() => localStorage.setItem('playon.language', 'sw'));
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: 'sw', url: baseURL ?? '' }]);
  });

  const inKiswahili = (screens: Screen[]): Screen[] =>
    screens.map(({ path }) => ({ path, ready: (page: Page) => page.locator('html[lang="sw"] h1') }));

  test('a visitor signed out meets no axe violation on any screen in Kiswahili', async ({ page }) => {
    test.setTimeout(300_000);
    await scanAll(page, inKiswahili(signedOut));
    await page.goto('/');
    await page.getByRole('button', { name: swWelcome.getStarted }).click();
    await waitForContent(page, page.getByRole('button', { name: swWelcome.next }));
    await expectNoAxeViolations(page, '/ onboarding (sw)');
  });

  test("a signed-in player meets no axe violation on the home and account's screens in Kiswahili", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await signedInPlayer(page, request, 'Achieng');
    await scanAll(page, inKiswahili([...accountScreens, { path: '/account/language' }]));
    await page.goto('/dashboard');
    await page.getByRole('button', { name: sw.nav.menu }).first().click();
    await waitForContent(page, page.getByRole('link', { name: sw.hallOfFame.menu }));
    await expectNoAxeViolations(page, '/dashboard side menu (sw)');
  });

  test('a signed-in player meets no axe violation on the games, tournaments, TV and chat screens in Kiswahili', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await signedInPlayer(page, request, 'Chebet');
    await scanAll(page, inKiswahili(playScreens));
  });

  test('a player paying meets no axe violation from the amount to the method sheet in Kiswahili', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await signedInPlayer(page, request, 'Wambui');
    await page.goto('/account/wallet');
    await page.getByRole('button', { name: sw.wallet.topUp, exact: true }).click();
    await waitForContent(page, page.getByRole('button', { name: sw.payment.review }));
    await expectNoAxeViolations(page, '/account/payment/amount (sw)');
    for (const digit of '150') await page.getByRole('button', { name: digit, exact: true }).click();
    await page.getByRole('button', { name: sw.payment.review }).click();
    await waitForContent(page, page.getByRole('button', { name: sw.payment.proceed }));
    await expectNoAxeViolations(page, '/account/payment/review (sw)');
    await page.getByRole('button', { name: sw.payment.proceed }).click();
    await waitForContent(page, page.getByRole('dialog', { name: sw.payment.chooseMethod }));
    await expectNoAxeViolations(page, '/account/payment/review, the methods sheet (sw)');
  });
});
