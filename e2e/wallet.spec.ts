import { expect, type Page, test } from '@playwright/test';
import { signedInPlayer, snap } from './support/players.ts';
import {
  answerPrompt,
  asPlayer,
  balanceOf,
  chooseMethod,
  darajaPhone,
  enterAmount,
  handPhone,
  kes,
  topUp,
} from './support/wallet.ts';

/** From the wallet: amount on the keypad, review, M-Pesa in the method sheet, then the pay screen. */
async function startMpesaFlow(page: Page, action: 'Top up' | 'Withdraw', amount: number, phone?: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  await expect(page).toHaveURL(/\/account\/payment\/amount$/);
  await enterAmount(page, amount);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page).toHaveURL(/\/account\/payment\/review$/);
  await chooseMethod(page, /M-Pesa/);
  await expect(page).toHaveURL(/\/account\/payment\/pay$/);
  if (phone) await page.getByLabel('M-Pesa phone number').fill(phone);
  await page.getByRole('button', { name: action, exact: true }).click();
}

test('a player tops up with M-Pesa, waits for the prompt, and sees the money in the wallet', async ({
  page,
  request,
}) => {
  const baraka = await signedInPlayer(page, request, 'Baraka');
  await page.goto('/account/wallet');
  await expect(
    page
      .getByText('kes 0.00')
      .or(page.getByText(kes(0)))
      .first(),
  ).toBeVisible();
  await snap(page, 'wallet-empty');

  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  await enterAmount(page, 1500);
  await page.getByRole('button', { name: 'Delete last digit' }).click();
  await expect(page.getByText(kes(150)).first()).toBeVisible();
  await page.getByRole('button', { name: '0', exact: true }).click();
  await snap(page, 'payment-amount');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByText(kes(1500)).first()).toBeVisible();
  await snap(page, 'payment-review');
  await page.getByRole('button', { name: 'Proceed' }).click();
  const sheet = page.getByRole('dialog', { name: 'Choose a payment method' });
  await expect(sheet.getByRole('button', { name: /M-Pesa/ })).toBeVisible();
  await snap(page, 'payment-methods');
  await sheet.getByRole('button', { name: /M-Pesa/ }).click();
  // The pay screen offers the phone of the player's profile.
  const [prefix, middle, end] = [baraka.phone.slice(1, 4), baraka.phone.slice(4, 7), baraka.phone.slice(7)];
  await expect(page.getByLabel('M-Pesa phone number')).toHaveValue(
    new RegExp(`${prefix}\\s?${middle}\\s?${end}`),
  );
  await snap(page, 'payment-pay');
  // The player pays from a phone whose prompt waits for them: the waiting screen stays until they answer.
  const phone = handPhone();
  await page.getByLabel('M-Pesa phone number').fill(phone);
  await page.getByRole('button', { name: 'Top up', exact: true }).click();

  await expect(page).toHaveURL(/\/waiting/);
  await expect(page.getByText("It'll just be a moment.")).toBeVisible();
  await snap(page, 'waiting');
  // They type their PIN on the phone: here, the M-Pesa sandbox's page of prompts waiting for an answer.
  const handset = await page.context().newPage();
  await handset.goto('/sandbox/daraja');
  await handset
    .getByRole('article')
    .filter({ hasText: `asked of ${darajaPhone(phone)}` })
    .getByRole('button', { name: 'Enter PIN and pay' })
    .click();
  await expect(handset.getByText(`asked of ${darajaPhone(phone)}`)).toHaveCount(0);
  await handset.close();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Top up request was processed successfully!')).toBeVisible();
  await snap(page, 'thank-you');
  await page
    .getByRole('button', { name: 'View wallet' })
    .or(page.getByRole('link', { name: 'View wallet' }))
    .click();

  await expect(page).toHaveURL(/\/account\/wallet$/);
  await expect(page.getByText(kes(1500)).first()).toBeVisible();
  await expect(page.getByText('Top up from M-Pesa')).toBeVisible();
  await snap(page, 'wallet-after-top-up');
});

test('a cancelled M-Pesa prompt shows why and changes nothing', async ({ page, request }) => {
  await signedInPlayer(page, request, 'Zawadi');
  await page.goto('/account/wallet');
  await startMpesaFlow(page, 'Top up', 200, '0700000001');
  // The waiting page says why; the live notification may say it too, in a toast outside the page.
  await expect(page.getByRole('main').getByText('You cancelled the M-Pesa request.')).toBeVisible({
    timeout: 20_000,
  });
  await snap(page, 'waiting-cancelled');
  await page.goto('/account/wallet');
  await expect(page.getByText(kes(0)).first()).toBeVisible();
  await expect(page.getByText('No transactions yet. Top up to get started.')).toBeVisible();
});

test('a withdrawal shows its fee and takes amount plus fee; one above the balance is refused', async ({
  page,
  request,
}) => {
  const me = await signedInPlayer(page, request, 'Nafula');
  await topUp(page, me.uid, 1000);
  await page.goto('/account/wallet');
  await expect(page.getByText(kes(1000)).first()).toBeVisible();

  const fee = await asPlayer<number>(page, '/api/wallets/withdraw-charges/500');

  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await enterAmount(page, 500);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByText('Estimated fee')).toBeVisible();
  await expect(page.getByText(kes(500 + fee)).first()).toBeVisible();
  await snap(page, 'withdraw-review');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page
    .getByRole('dialog', { name: 'Choose a payment method' })
    .getByRole('button', { name: /M-Pesa/ })
    .click();
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByText('Funds withdrawn successfully!')).toBeVisible({ timeout: 20_000 });

  await page.goto('/account/wallet');
  await expect(page.getByText(kes(1000 - 500 - fee)).first()).toBeVisible();
  expect(await balanceOf(page)).toBe(1000 - 500 - fee);

  // Refused on the review screen, before the method and the phone.
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await enterAmount(page, 900);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Your wallet balance is not enough for this withdrawal and its fee.',
  );
  await expect(page.getByRole('button', { name: 'Proceed' })).toHaveCount(0);
  expect(await balanceOf(page)).toBe(1000 - 500 - fee);
});

test('a player leaves the waiting page and later finds the top-up in the wallet, even when M-Pesa never called back', async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request, 'Imani');
  await page.goto('/account/wallet');
  const phone = handPhone();
  await startMpesaFlow(page, 'Top up', 300, phone);
  await expect(page.getByText("It'll just be a moment.")).toBeVisible();
  await page.getByRole('button', { name: 'View wallet' }).click();
  await expect(page).toHaveURL(/\/account\/wallet$/);
  // Only now does the player pay, and M-Pesa's callback never comes: reconciliation must find it.
  await answerPrompt(request, phone, 'pay-callback-lost');
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(kes(300)).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(await balanceOf(page)).toBe(300);
});
