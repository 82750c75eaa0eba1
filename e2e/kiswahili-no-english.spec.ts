import { expect, type Page, test } from '@playwright/test';
import { sw } from '../apps/web/src/lib/locales/sw.ts';
import { swWelcome } from '../apps/web/src/lib/locales/sw-welcome.ts';
import { messagesSw } from '../packages/shared/src/messages.ts';
import { accountScreens, playScreens, signedOut } from './support/a11y-screens.ts';
import { completeProfile, newPlayer, signedInAs } from './support/players.ts';
import { enterAmount, topUp } from './support/wallet.ts';

/**
 * A player who chose Kiswahili on the welcome screen reads no English: every player screen the
 * accessibility walk scans (e2e/support/a11y-screens.ts), and the texts the server and operators
 * write (wallet history, tournaments, hall of fame), with the incomplete-profile toast, the pay
 * page's phone check and the short-balance warning. Names (games, packages, players, videos) are
 * the same in both languages and are not English sentences.
 */

/**
 * Words of English sentences that Kiswahili never uses on its own. A text holding one is English
 * left over; brand names and proper names hold none.
 */
const ENGLISH_WORDS = [
  'the',
  'your',
  'you',
  'is',
  'are',
  'of',
  'and',
  'with',
  'from',
  'please',
  'this',
  'to',
  'for',
  'has',
  'have',
  'was',
  'will',
  'can',
  'not',
  'by',
  'choose',
  'here',
  'more',
  'no',
  'up',
  'top',
  'now',
  'back',
  'log',
  'sign',
  'out',
  'balance',
  'wallet',
  'withdrawal',
  'package',
  'champions',
  'winner',
  'update',
  'profile',
  'settings',
  'games',
  'play',
  'join',
  'send',
  'next',
  'skip',
  'loading',
];
const englishWord = new RegExp(`(^|[^\\p{L}'’-])(${ENGLISH_WORDS.join('|')})(?=$|[^\\p{L}'’-])`, 'iu');

/**
 * A line holding an English word, once set aside what stands in parentheses (there Kiswahili gives a
 * thing's English name: 'salio la simu (airtime)', an office's official name) and codes in capitals
 * (a country's BY, a currency's KES).
 */
const isEnglish = (text: string) =>
  englishWord.test(text.replace(/\([^)]*\)/g, '').replace(/\b[A-Z]{2,3}\b/g, ''));

/** What the player can read or hear on the screen now: visible text and the names given to controls. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // innerText joins a word split over inline elements (the PlayOn logo) and skips hidden ones.
    const texts = document.body.innerText.split('\n').map((line) => line.trim());
    for (const element of document.querySelectorAll('[aria-label], [placeholder], img[alt], [title]')) {
      if (!(element as HTMLElement).checkVisibility?.()) continue;
      for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts.filter((text) => text !== '');
  });
}

/** Soft: the walk goes on, so one run lists every screen with English left. */
async function expectNoEnglish(page: Page, where: string) {
  expect.soft((await shownTexts(page)).filter(isEnglish), `English left on ${where}`).toEqual([]);
}

/** Waits for a screen's content (no skeleton, no spinner, no navigation under way). */
async function settled(page: Page) {
  await expect(page.locator('h1, main').first()).toBeVisible();
  await expect(page.locator('.animate-pulse').filter({ visible: true })).toHaveCount(0);
  await expect(page.locator('[class*="animate-[spin"]').filter({ visible: true })).toHaveCount(0);
  await expect(page.locator('[class*="animate-[nav-progress"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

async function walk(page: Page, paths: string[]) {
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      await settled(page);
      await expectNoEnglish(page, path);
      await page.screenshot({
        path: test.info().outputPath(`sw${path.replaceAll('/', '-') || '-home'}.png`),
      });
    });
  }
}

/** Completes the signed-in player's profile; an empty name is refused in Kiswahili, the profile kept. */
async function completeProfileInKiswahili(page: Page, player: ReturnType<typeof newPlayer>) {
  const uid = await completeProfile(page.request, player, { surname: 'Chepkoech', dob: '1996-08-21' });
  const { headers } = await signedInAs(page.request);
  const empty = await page.request.put(`/api/profile/${uid}`, {
    headers: { ...headers, 'Accept-Language': 'sw' },
    data: { name: '' },
  });
  expect(((await empty.json()) as { statusMessage: string }).statusMessage).toBe('Tafadhali weka jina lako.');
  return uid;
}

test('a player who chose Kiswahili on the welcome screen reads no English on any player screen', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const player = newPlayer('Chepkoech');

  await page.goto('/');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Kiswahili' }).click();
  await expect(page.getByRole('heading', { name: swWelcome.tagline })).toBeVisible();
  await walk(
    page,
    signedOut.map((screen) => screen.path),
  );

  await page.goto('/register');
  await page.getByLabel(sw.auth.email).fill(player.email);
  await page.getByLabel(sw.auth.password, { exact: true }).fill(player.password);
  await page.getByRole('button', { name: sw.auth.signUp, exact: true }).click();
  await expect(page).toHaveURL(/\/referral$/);
  await page.getByRole('button', { name: sw.common.continue }).click();

  // An incomplete profile sends the player back to it, saying why in Kiswahili.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(messagesSw.profileIncomplete)).toBeVisible();
  await expectNoEnglish(page, 'the incomplete profile');

  const uid = await completeProfileInKiswahili(page, player);
  await page.evaluate(() => sessionStorage.clear());
  await topUp(page, uid, 250);

  await walk(
    page,
    [...accountScreens, ...playScreens].map((screen) => screen.path),
  );

  // A withdrawal larger than the balance: the review warns, in Kiswahili.
  await page.goto('/account/wallet');
  await page.getByRole('button', { name: sw.wallet.withdraw, exact: true }).click();
  await enterAmount(page, 5000);
  await page.getByRole('button', { name: sw.payment.review }).click();
  await expect(page.getByRole('alert')).toContainText('Salio la pochi yako');
  await expectNoEnglish(page, 'the withdrawal review');

  // The pay page refuses a number that is not Safaricom's, in Kiswahili.
  await page.goto('/account/wallet');
  await page.getByRole('button', { name: sw.wallet.topUp, exact: true }).click();
  await enterAmount(page, 100);
  await page.getByRole('button', { name: sw.payment.review }).click();
  await page.getByRole('button', { name: sw.payment.proceed }).click();
  await page
    .getByRole('dialog', { name: sw.payment.chooseMethod })
    .getByRole('button', { name: /M-Pesa/ })
    .click();
  await page.getByLabel(sw.payment.phoneLabel).fill('12345');
  await page.getByRole('button', { name: sw.payment.buttons.TOPUP, exact: true }).click();
  await expect(
    page.getByText('Tafadhali weka nambari sahihi ya Safaricom, kama 0712 345 678.'),
  ).toBeVisible();
  await expectNoEnglish(page, 'the pay page');
  await page.screenshot({ path: test.info().outputPath('sw-pay-invalid-phone.png') });
});
