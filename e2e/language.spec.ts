import { expect, test } from '@playwright/test';
import { logInThroughUi, signedInPlayer, snap } from './support/players.ts';

test.describe('a phone set to Kiswahili', () => {
  test.use({ locale: 'sw-KE' });

  test('a new visitor is welcomed in Kiswahili, switches to English, and keeps it after a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Cheza michezo. Shiriki mashindano. Shinda.' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    const switcher = page.getByRole('group', { name: 'Lugha' });
    await expect(switcher.getByRole('button', { name: 'Kiswahili' })).toHaveAttribute('aria-pressed', 'true');
    const getStarted = await page.getByRole('button', { name: 'Anza' }).boundingBox();
    await snap(page, 'language-welcome-sw');

    await switcher.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Play games. Join tournaments. Win.' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The switch sits in the corner: the longer or shorter texts never move the buttons.
    expect(await page.getByRole('button', { name: 'Get Started' }).boundingBox()).toEqual(getStarted);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Play games. Join tournaments. Win.' })).toBeVisible();
  });
});

test('a player chooses Kiswahili in Account: it holds after a reload and on another phone after sign-in', async ({
  page,
  request,
  browser,
}) => {
  const player = await signedInPlayer(page, request, 'Wanjiku');
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('link', { name: /Language/ })).toContainText('English');
  await page.getByRole('link', { name: /Language/ }).click();
  await page.getByRole('button', { name: 'Kiswahili' }).click();
  await expect(page.getByText('Lugha imebadilishwa')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Akaunti' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Lugha/ })).toContainText('Kiswahili');
  await snap(page, 'language-account-sw');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Akaunti' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');

  // Another phone, set to English: the profile's language wins once the player signs in.
  const otherPhone = await browser.newContext({ locale: 'en-KE' });
  const other = await otherPhone.newPage();
  await other.goto('/login');
  await expect(other.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  await logInThroughUi(other, player);
  await expect(other.getByRole('link', { name: 'Akaunti' })).toBeVisible();
  await expect(other.locator('html')).toHaveAttribute('lang', 'sw');
  await otherPhone.close();
});
