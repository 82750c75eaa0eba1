import { expect, type Page } from '@playwright/test';

/** Amounts as the app shows them: en-GB, two decimals. */
export const kes = (value: number) =>
  new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

/** Calls the API as the signed-in player: the page's session cookie buys an access token. */
export async function asPlayer<T>(page: Page, path: string): Promise<T> {
  const { token } = (await (await page.request.get('/api/auth/token')).json()) as { token: string };
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { payload: T }).payload;
}

export const balanceOf = async (page: Page) =>
  (await asPlayer<{ balance: number }>(page, '/api/wallets/balance')).balance;

/** Taps the amount on the keypad and sees it displayed. */
export async function enterAmount(page: Page, amount: number) {
  for (const digit of String(amount)) await page.getByRole('button', { name: digit, exact: true }).click();
  await expect(page.getByText(kes(amount)).first()).toBeVisible();
}

/** From the review screen: Proceed, then the method in the sheet. */
export async function chooseMethod(page: Page, name: RegExp) {
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('dialog', { name: 'Choose a payment method' }).getByRole('button', { name }).click();
}
