import { expect, test } from '@playwright/test';
import { signedInPlayer, snap } from './support/players.ts';

test('a player searches the country list, finds nothing for nonsense, and picks Kenya', async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request, 'Akinyi');
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Country' }).click();
  await expect(page).toHaveURL(/\/profile\/country$/);

  const search = page.getByPlaceholder('Search countries');
  await search.fill('zzqx');
  await expect(page.getByText("Oops, there's nothing here.")).toBeVisible();
  await snap(page, 'picker-empty');
  await search.fill('KEN');
  await expect(page.getByRole('button', { name: /Kenya/ })).toBeVisible();
  await snap(page, 'picker-country');
  await page.getByRole('button', { name: /Kenya/ }).click();
  await expect(page.getByText('Your country was updated successfully.')).toBeVisible();
});

test('a player picks the Kenyan shilling as their currency', async ({ page, request }) => {
  await signedInPlayer(page, request, 'Mutua');
  await page.goto('/profile/currency');
  await page.getByPlaceholder('Search currencies').fill('kes');
  await expect(page.getByRole('button', { name: /Kenyan shilling/i }).first()).toBeVisible();
  await snap(page, 'picker-currency');
  await page
    .getByRole('button', { name: /Kenyan shilling/i })
    .first()
    .click();
  await expect(page.getByText('Your currency was updated successfully.')).toBeVisible();
});
