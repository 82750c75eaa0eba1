import { readFileSync } from 'node:fs';
import type { PlayerExport } from '@playon/shared/ops-players';
import { expect, type Page, test } from '@playwright/test';
import { demoAdmin, newOperator, openConsole, searchForOne } from './support/operators.ts';
import { playerDevice, playerToFind, signInAnswer } from './support/ops-players.ts';
import { resetLinkFor } from './support/players.ts';
import { watchToasts } from './support/toasts.ts';

const disabledMessage = 'This account has been disabled.';

/** Confirms the open dialog's action with its reason typed, as every destructive action asks. */
async function confirmWithReason(page: Page, reason: string, confirm: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Reason/).fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test('a support operator finds a player by phone, disables them, enables them and sends a password reset', async ({
  page,
  request,
}) => {
  const player = await playerToFind(request);
  const device = await playerDevice(player);
  expect(await device.nextRequest()).toBe(200);
  const support = await newOperator(request, 'support');
  const toasts = await watchToasts(page);
  await openConsole(page, support, '/ops/players');

  await searchForOne(page, 'Search by name, username, e-mail, phone or uid', player.phone);
  await page.getByRole('link', { name: new RegExp(player.username) }).click();
  await expect(page.getByRole('heading', { name: `${player.firstName} Wanjiru` })).toBeVisible();
  await expect(page.getByText(player.email).first()).toBeVisible();

  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  await confirmWithReason(page, 'Reported for sharing the account', 'Disable');
  await toasts.expectShown('The account is disabled and signed out everywhere.');
  await expect(page.getByText('Reported for sharing the account')).toBeVisible();
  // The player's app is refused at its next request, and signing in again is refused too.
  expect(await device.nextRequest()).toBe(401);
  const refused = await signInAnswer(player);
  expect(refused.status).toBe(403);
  expect(refused.body).toContain(disabledMessage);

  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  await confirmWithReason(page, 'The owner proved it is theirs', 'Enable');
  await toasts.expectShown('The account is enabled.');
  expect((await signInAnswer(player)).status).toBe(200);

  await page.getByRole('button', { name: 'Send password reset' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send the mail' }).click();
  await toasts.expectShown(`A password reset mail is on its way to ${player.email}.`);
  expect(await resetLinkFor(request, player.email)).toContain('reset-password');

  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Search by action, target, operator or reason').fill(player.uid);
  for (const action of ['players.disable', 'players.enable', 'players.password-reset']) {
    await expect(page.getByRole('row').filter({ hasText: action })).toBeVisible();
  }
  await device.dispose();
});

test("an admin exports a player's data as one JSON file", async ({ page, request }) => {
  const player = await playerToFind(request);
  await openConsole(page, demoAdmin(), `/ops/players/${player.uid}`);
  await expect(page.getByText(player.email).first()).toBeVisible();

  // Each tab is in the address: it can be linked, and Back returns to the one before.
  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\?tab=payments$/);
  await page.getByRole('tab', { name: 'Reports' }).click();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Export data (JSON)' }).click();
  const downloading = page.waitForEvent('download');
  await confirmWithReason(page, 'Data request by e-mail', 'Export');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`playon-player-${player.uid}.json`);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as PlayerExport;
  expect(exported.uid).toBe(player.uid);
  expect(exported.identity.email).toBe(player.email);
  expect(exported.profile?.phone).toBe(player.phone);
  for (const section of [
    'wallet',
    'payments',
    'subscriptions',
    'tournaments',
    'chatMessages',
    'uploads',
    'notifications',
    'pushSubscriptions',
    'referrals',
    'feedback',
  ] as const) {
    expect(exported[section], section).toBeDefined();
  }
});
