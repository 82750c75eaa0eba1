import { expect, type Page, test } from '@playwright/test';
import { sw } from '../apps/web/src/lib/locales/sw.ts';
import { swWelcome } from '../apps/web/src/lib/locales/sw-welcome.ts';
import { completeProfile, newPlayer } from './support/players.ts';

/**
 * The main journeys in Kiswahili at 360 px (sign-up, profile, top-up, subscription, a game,
 * chat), each screen found by its Kiswahili texts and photographed under test-results for a person
 * to look at, since Kiswahili runs longer than English. A screen wider than the phone fails here.
 */

async function photograph(page: Page, name: string) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${name} scrolls sideways`,
  ).toBe(true);
  await page.screenshot({ path: test.info().outputPath(`sw-${name}.png`) });
}

test('a player walks the main journeys in Kiswahili: sign-up, profile, top-up, subscription, a game, chat', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem('playon.language', 'sw'));
  const player = newPlayer('Mwikali');

  await page.goto('/');
  await expect(page.getByRole('heading', { name: swWelcome.tagline })).toBeVisible();
  await photograph(page, 'welcome');
  await page.getByRole('button', { name: swWelcome.getStarted }).click();
  await expect(page.getByRole('button', { name: swWelcome.next })).toBeVisible();
  await photograph(page, 'onboarding');

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: sw.auth.titleRegister })).toBeVisible();
  await page.getByLabel(sw.auth.email).fill(player.email);
  await page.getByLabel(sw.auth.password, { exact: true }).fill(player.password);
  await photograph(page, 'register');
  await page.getByRole('button', { name: sw.auth.signUp, exact: true }).click();
  await expect(page).toHaveURL(/\/referral$/);
  await expect(page.getByRole('heading', { name: sw.referral.question })).toBeVisible();
  await photograph(page, 'referral');
  await page.getByRole('button', { name: sw.common.continue }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: sw.profile.title })).toBeVisible();
  await photograph(page, 'profile-incomplete');
  await completeProfile(page.request, player, { surname: 'Mwikali', dob: '1994-02-11' });
  // The tab keeps the login check's answer for the session: a fresh one sees the completed profile.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: new RegExp(player.firstName) })).toBeVisible();
  await photograph(page, 'dashboard');
  await page.goto('/profile');
  await expect(page.getByText(`${player.firstName} Mwikali`)).toBeVisible();
  await photograph(page, 'profile');

  // Top-up to the M-Pesa step.
  await page.goto('/account/wallet');
  await expect(page.getByRole('heading', { name: sw.wallet.title })).toBeVisible();
  await photograph(page, 'wallet');
  await page.getByRole('button', { name: sw.wallet.topUp, exact: true }).click();
  for (const digit of '250') await page.getByRole('button', { name: digit, exact: true }).click();
  await photograph(page, 'amount');
  await page.getByRole('button', { name: sw.payment.review }).click();
  await page.getByRole('button', { name: sw.payment.proceed }).click();
  const sheet = page.getByRole('dialog', { name: sw.payment.chooseMethod });
  await expect(sheet.getByRole('button', { name: /M-Pesa/ })).toBeVisible();
  await photograph(page, 'methods');
  await sheet.getByRole('button', { name: /M-Pesa/ }).click();
  await expect(page.getByLabel(sw.payment.phoneLabel)).toBeVisible();
  await photograph(page, 'pay');

  // A subscription up to its review.
  await page.goto('/account/subscription');
  const bronze = page.getByRole('article').filter({ hasText: 'Bronze' }).first();
  await expect(bronze).toBeVisible();
  await photograph(page, 'subscriptions');
  await bronze.getByRole('button', { name: sw.subscriptions.choose }).click();
  await expect(page.getByRole('button', { name: sw.payment.proceed })).toBeVisible();
  await photograph(page, 'subscription-review');

  // A free game, opened in Kiswahili.
  await page.goto('/games');
  await expect(page.getByRole('heading', { name: sw.games.title })).toBeVisible();
  await photograph(page, 'games');
  await page.getByRole('link', { name: sw.games.viewGame }).first().click();
  const playNow = page.getByRole('button', { name: sw.games.playNow });
  await expect(playNow).toBeVisible();
  await photograph(page, 'game-details');
  await playNow.click();
  await expect(page).toHaveURL(/lang=sw/);
  await page.waitForLoadState('load');
  await photograph(page, 'game');

  // Chat: join General (Jumla to a Kiswahili player) and say something.
  await page.goto('/chat-room');
  await expect(page.getByRole('heading', { name: sw.chat.title })).toBeVisible();
  await photograph(page, 'chat-rooms');
  await page.getByRole('listitem').filter({ hasText: 'Jumla' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: sw.chat.join }).click();
  await expect(page).toHaveURL(/\/chat-room\/\d+$/);
  const message = 'Habari zenu wote!';
  await page.getByRole('textbox', { name: sw.chat.messageLabel, exact: true }).fill(message);
  await page.getByRole('button', { name: sw.chat.send }).click();
  // In the conversation, not the field: on a slow machine the field still holds it while it is sent.
  await expect(page.getByRole('list', { name: sw.chat.messagesLabel }).getByText(message)).toBeVisible();
  await photograph(page, 'chat-room');
});
