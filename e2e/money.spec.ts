import { expect, type Page, test } from '@playwright/test';
import { newPlayer, registerPlayer, signedInPlayer, snap } from './support/players.ts';
import {
  asPlayer,
  balanceOf,
  chooseMethod,
  enterAmount,
  expectNothingCut,
  kes,
  packageId,
  payAsPlayer,
  topUp,
} from './support/wallet.ts';

// Money a player can read, at 360 × 740: the history adds up to the balance, nothing is
// cut, and a second plan says what it does beside the first before the player pays.

const row = (page: Page, label: string) => page.getByRole('listitem').filter({ hasText: label });

test('the wallet history signs what moved the wallet, marks what M-Pesa or airtime paid, and adds up to the balance', async ({
  page,
  request,
}) => {
  const friend = newPlayer('Rafiki');
  const friendUid = await registerPlayer(request, friend);
  const me = await signedInPlayer(page, request, 'Wanjiku');
  await topUp(page, me.uid, 1000);
  const subscribe = async (name: string, method: 'WALLET' | 'MPESA' | 'SAFARICOM_CREDIT') =>
    payAsPlayer(page, '/api/payments/subscribe', {
      method,
      subscriptionPackageId: await packageId(page, name),
    });
  await subscribe('Gold', 'MPESA');
  await subscribe('Bronze', 'SAFARICOM_CREDIT');
  await subscribe('Silver', 'WALLET');
  await payAsPlayer(page, '/api/payments/top-up', { method: 'MPESA', amount: 100, userId: friendUid });
  await payAsPlayer(page, '/api/wallets/withdraw', { method: 'MPESA', amount: 200 });
  const fee = await asPlayer<number>(page, '/api/wallets/withdraw-charges/200');
  const balance = 1000 - 20 - 200 - fee;
  expect(await balanceOf(page)).toBe(balance);

  await page.goto('/account/wallet');
  await expect(page.getByTestId('balance')).toHaveText(`kes${kes(balance)}`);
  // Paid from outside the wallet: no sign, and the words say how.
  const gold = row(page, 'Gold package from M-Pesa');
  await expect(gold.getByText('Paid by M-Pesa')).toBeVisible();
  await expect(gold.getByText('kes 50.00', { exact: true })).toBeVisible();
  await expect(row(page, 'Bronze package with airtime').getByText('Paid by airtime')).toBeVisible();
  await expect(
    row(page, `Boost to ${friend.username} from M-Pesa`).getByText('Paid by M-Pesa'),
  ).toBeVisible();
  // What moved the wallet is signed, and today closes on the balance the card shows.
  await expect(row(page, 'Silver package').getByText('\u2212 kes 20.00')).toBeVisible();
  await expect(row(page, 'Top up from M-Pesa').getByText(`+ kes ${kes(1000)}`)).toBeVisible();
  await expect(row(page, 'Withdrawal to M-Pesa').getByText(`\u2212 kes ${kes(200 + fee)}`)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'today' }).getByText(`Balance kes ${kes(balance)}`),
  ).toBeVisible();
  await expectNothingCut(page);
  await snap(page, 'wallet-history');
});

test('a withdrawal above the balance is refused on the review screen, with the balance available', async ({
  page,
  request,
}) => {
  const me = await signedInPlayer(page, request, 'Akinyi');
  await topUp(page, me.uid, 300);
  await page.goto('/account/wallet');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByText(`Available in your wallet: kes ${kes(300)}`)).toBeVisible();
  await enterAmount(page, 300);
  await snap(page, 'withdraw-amount');
  await page.getByRole('button', { name: 'Review' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('Your wallet balance is not enough for this withdrawal and its fee.');
  await expect(refusal).toContainText(`Available in your wallet: kes ${kes(300)}`);
  await expect(page.getByRole('button', { name: 'Proceed' })).toHaveCount(0);
  await expectNothingCut(page);
  await snap(page, 'withdraw-refused');

  const fee = await asPlayer<number>(page, '/api/wallets/withdraw-charges/250');
  await page.getByRole('button', { name: 'Change amount' }).click();
  await expect(page).toHaveURL(/\/account\/payment\/amount$/);
  for (let digit = 0; digit < 3; digit++)
    await page.getByRole('button', { name: 'Delete last digit' }).click();
  await enterAmount(page, 250);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByText(`kes ${kes(250 + fee)}`)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await chooseMethod(page, /M-Pesa/);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByText('Funds withdrawn successfully!')).toBeVisible({ timeout: 20_000 });
  expect(await balanceOf(page)).toBe(300 - 250 - fee);
});

test('a second plan says what the player already has and that it runs alongside, before they pay', async ({
  page,
  request,
}) => {
  const me = await signedInPlayer(page, request, 'Barasa');
  await topUp(page, me.uid, 200);
  await payAsPlayer(page, '/api/payments/subscribe', {
    method: 'WALLET',
    subscriptionPackageId: await packageId(page, 'Bronze'),
  });

  await page.goto('/account/subscription');
  const bronze = page.getByRole('article', { name: 'Bronze' });
  await expect(bronze.getByText('Subscribed')).toBeVisible();
  await expect(bronze.getByText(/^until \d\d:\d\d tomorrow$/)).toBeVisible();
  await expectNothingCut(page);
  await snap(page, 'subscriptions-held');

  await page.getByRole('article', { name: 'Gold' }).getByRole('button', { name: 'Choose' }).click();
  const note = page.getByRole('note');
  await expect(note).toContainText(/You already have Bronze until \d\d:\d\d tomorrow\./);
  await expect(note).toContainText(
    'Gold does not extend or replace it: it starts when you pay and runs alongside it for 24 hours. Any one plan opens every premium game.',
  );
  await expectNothingCut(page);
  await snap(page, 'review-second-plan');
  await chooseMethod(page, /Wallet/);
  await expectNothingCut(page);
  await snap(page, 'pay-wallet-second-plan');
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/subscription$/, { timeout: 20_000 });
  // Both run: Gold did not extend Bronze.
  await expect(page.getByRole('article', { name: 'Gold' }).getByText('Subscribed')).toBeVisible();
  await expect(bronze.getByText('Subscribed')).toBeVisible();
  const mine = await asPlayer<Array<{ expiresAt: string; subscriptionPackage: { name: string } }>>(
    page,
    '/api/subscriptions/list',
  );
  const ends = Object.fromEntries(mine.map((s) => [s.subscriptionPackage.name, Date.parse(s.expiresAt)]));
  expect((ends.Gold ?? 0) - (ends.Bronze ?? 0)).toBeLessThan(24 * 3_600_000);
});

test('every money screen fits 360 px: a boost to a long username from amount to thank-you', async ({
  page,
  request,
}) => {
  const friend = { ...newPlayer('Mwanaisha'), username: `mwanaisha_${Date.now().toString(36)}`.slice(0, 20) };
  await registerPlayer(request, friend);
  const me = await signedInPlayer(page, request, 'Chebet');
  await topUp(page, me.uid, 25_000);
  await page.goto('/account/boost');
  await page.getByLabel("Friend's username").fill(friend.username);
  await expectNothingCut(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterAmount(page, 12_345);
  await expectNothingCut(page);
  await snap(page, 'boost-amount');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByText(`@${friend.username}`)).toBeVisible();
  await expectNothingCut(page);
  await snap(page, 'boost-review');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Choose a payment method' }).getByText('Wallet'),
  ).toBeVisible();
  await expectNothingCut(page);
  await snap(page, 'boost-methods');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Wallet/ })
    .click();
  await expect(page.getByText(`Your balance: kes ${kes(25_000)}`)).toBeVisible();
  await expectNothingCut(page);
  await snap(page, 'boost-pay-wallet');
  await page.getByRole('button', { name: 'Boost', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Yeah, friend boosted!' })).toBeVisible({ timeout: 20_000 });
  await expectNothingCut(page);
  await snap(page, 'boost-thank-you');
  await page.goto('/account/wallet');
  await expect(row(page, `Boost to ${friend.username}`).getByText(`\u2212 kes ${kes(12_345)}`)).toBeVisible();
  await expectNothingCut(page);
  await snap(page, 'wallet-after-boost');
});
