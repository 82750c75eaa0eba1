import { expect, type Locator, type Page, test } from '@playwright/test';
import { newPlayer, signedInPlayer, snap } from './support/players.ts';

// Toasts show for five seconds at most: each check runs while the toast is on screen.

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not on screen`);
  return found;
}

/** The toast and what it must leave visible do not share a pixel. */
async function expectApart(toast: Locator, keptVisible: Locator) {
  const a = await box(toast);
  const b = await box(keptVisible);
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps, `the toast covers ${keptVisible}`).toBe(false);
}

const toastSaying = (page: Page, text: string) =>
  page.locator('[aria-live="polite"] > [role]').filter({ hasText: text });

test('right after sign-up, the logged-in toast leaves the referral question readable', async ({ page }) => {
  const player = newPlayer('Chebet');
  await page.goto('/register');
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  const toast = toastSaying(page, 'You have been logged in.');
  await expect(toast).toBeVisible();
  await expectApart(toast, page.getByRole('heading', { name: 'Do you have a referral code?' }));
  await expectApart(toast, page.getByLabel('Referral code'));
  await snap(page, 'toast-referral');
});

test('a refused login says why without hiding the title or the way back', async ({ page }) => {
  await page.goto('/login');
  // The region is there before any toast, so a screen reader announces the first one too.
  await expect(page.locator('[aria-live="polite"]')).toBeAttached();
  await page.getByLabel('Email').fill(newPlayer('Nobody').email);
  await page.getByLabel('Password', { exact: true }).fill('not-my-password');
  await page.getByRole('button', { name: 'Log In', exact: true }).click();

  const toast = toastSaying(page, 'The password is invalid or the user does not have a password.');
  await expect(toast).toBeVisible();
  // Polite like every toast: it is read once the screen reader finishes, not cutting it off.
  await expect(toast).toHaveRole('status');
  await expectApart(toast, page.getByRole('heading', { name: 'Welcome back!' }));
  await expectApart(toast, page.getByRole('button', { name: 'Back' }));
  await expectApart(toast, page.getByLabel('Email'));
  await snap(page, 'toast-login-error');
});

test('on screens with a header bar the toast sits below it; on the dashboard it spares the greeting', async ({
  page,
  request,
}) => {
  const player = await signedInPlayer(page, request, 'Njeri');
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Country' }).click();
  await page.getByRole('button', { name: /^Kenya/ }).click();

  // The picker saves and goes back to the account: the toast shows there, under its header.
  const saved = toastSaying(page, 'Your country was updated successfully.');
  await expect(saved).toBeVisible();
  await expectApart(saved, page.locator('header'));
  await snap(page, 'toast-account');

  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  const loggedIn = toastSaying(page, 'You have been logged in.');
  await expect(loggedIn).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectApart(loggedIn, page.getByRole('heading', { name: `Hi, ${player.firstName}` }));
  await expectApart(loggedIn, page.getByRole('button', { name: 'Menu' }));
  await snap(page, 'toast-dashboard');
});
