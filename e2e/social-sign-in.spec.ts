import { expect, test } from '@playwright/test';
import { newPlayer, snap } from './support/players.ts';

test('a player signs in with Google through the sandbox provider and completes their profile', async ({
  page,
}) => {
  const identity = newPlayer('Chebet');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await snap(page, 'sandbox-google');
  await page.getByLabel('Name').fill('Chebet Kiprono');
  await page.getByLabel('Email').fill(identity.email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('You have been logged in.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('You need to update your profile details to proceed')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Email/ })).toContainText(identity.email);
  await expect(page.getByRole('button', { name: /^Name/ })).toContainText('Chebet Kiprono');
});

test('a player signs in with Facebook through the sandbox provider', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Facebook' })).toBeVisible();
  await page.getByRole('button', { name: /Brian Otieno/ }).click();
  await expect(page.getByText('You have been logged in.')).toBeVisible();
  await expect(page).toHaveURL(/\/(referral|profile|dashboard)$/);
});
