import { expect, test } from '@playwright/test';
import { logInThroughUi, newPlayer, registerPlayer, snap } from './support/players.ts';

test('a signed-out visitor asking for a guarded page is sent to login', async ({ page }) => {
  await page.goto('/profile/country');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no-such-place');
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await expect(page.getByText('Oops! It looks like you took the wrong turn.')).toBeVisible();
  await snap(page, 'not-found');
  await page
    .getByRole('button', { name: 'Home' })
    .or(page.getByRole('link', { name: 'Home' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/(dashboard|login)/);
});

test('a signed-in player on the welcome page goes home, and unknown API paths answer an envelope', async ({
  page,
  request,
}) => {
  // Signed in through the login screen in this tab: the welcome page knows the player from it.
  const player = newPlayer('Wafula');
  await registerPlayer(request, player);
  await logInThroughUi(page, player);
  await page.waitForURL('**/dashboard');
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  const response = await page.request.get('/api/no-such-thing');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ statusCode: 404 });
});

test('the legal pages are readable: privacy has its date and 14 sections, terms open too', async ({
  page,
}) => {
  await page.goto('/privacy');
  await expect(page.getByText('Last Update: 26 July 2019')).toBeVisible();
  await expect(page.locator('main ol > li')).toHaveCount(14);
  await snap(page, 'privacy');
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: /Terms of Service/ }).first()).toBeVisible();
  await snap(page, 'terms');
});
