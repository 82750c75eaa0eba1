import { expect, test } from '@playwright/test';
import {
  logInThroughUi,
  newPlayer,
  registerPlayer,
  resetLinkFor,
  signedInPlayer,
  snap,
} from './support/players.ts';

test('a player who forgot their password resets it through the mailed link and logs in with the new one', async ({
  page,
  request,
}) => {
  const player = newPlayer('Kamau');
  await registerPlayer(request, player);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Please enter your email', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill(player.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Password reset email has been sent successfully.')).toBeVisible();

  await page.goto('/sandbox/mail');
  await expect(page.getByText(player.email).first()).toBeVisible();
  await snap(page, 'sandbox-mail');
  await page.goto(await resetLinkFor(page.context().request, player.email));

  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await snap(page, 'reset-password');
  await page.getByLabel('New password', { exact: true }).fill('brand-new-9');
  await page.getByLabel('Confirm new password').fill('brand-new-9');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Password has been updated successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await logInThroughUi(page, player, 'brand-new-9');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a signed-in player changes their password after confirming the current one', async ({
  page,
  request,
}) => {
  const player = await signedInPlayer(page, request, 'Njeri');
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/account\/change-password$/);
  await snap(page, 'change-password');

  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Old password').fill('not-my-password');
  await page.getByLabel('New password').fill('another-pass-1');
  await page.getByLabel('Confirm password').fill('another-pass-1');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText(
      'Could not re-authenticate you. If this error persists, Try to use the reset password link at the bottom of this page.',
    ),
  ).toBeVisible();

  await page.getByLabel('Old password').fill(player.password);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Password has been updated successfully.')).toBeVisible();
});
