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

test('a new player finds Kenya and the shilling already chosen, at the top of the lists, and can change them', async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request, 'Wairimu');
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Country' }).click();

  await expect(page.getByText('Current: Kenya')).toBeVisible();
  const countries = page.getByRole('listitem').getByRole('button');
  await expect(countries.first()).toHaveAccessibleName(/^Kenya/);
  await expect(countries.first()).toHaveAttribute('aria-current', 'true');
  // Then the rest by name.
  await expect(countries.nth(1)).toHaveAccessibleName(/^Afghanistan/);
  await snap(page, 'picker-country-default');

  await page.getByPlaceholder('Search countries').fill('uganda');
  await page.getByRole('button', { name: /^Uganda/ }).click();
  await expect(page.getByText('Your country was updated successfully.')).toBeVisible();
  await page.getByRole('link', { name: 'Country' }).click();
  await expect(page.getByText('Current: Uganda')).toBeVisible();
  await expect(countries.first()).toHaveAccessibleName(/^Kenya/);
  await expect(countries.first()).not.toHaveAttribute('aria-current', 'true');

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Currency' }).click();
  await expect(page.getByText('Current: Kenyan shilling')).toBeVisible();
  const currencies = page.getByRole('listitem').getByRole('button');
  await expect(currencies.first()).toHaveAccessibleName(/^KES · Kenyan shilling/);
  await expect(currencies.first()).toHaveAttribute('aria-current', 'true');
  await snap(page, 'picker-currency-default');
});
