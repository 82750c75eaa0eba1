import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newPlayer, registerPlayer, signedInPlayer, snap } from './support/players.ts';
import { asPlayer, balanceOf, chooseMethod, enterAmount, kes, topUp } from './support/wallet.ts';

async function enterAmountAndReview(page: Page, amount: number) {
  await enterAmount(page, amount);
  await page.getByRole('button', { name: 'Review' }).click();
}

async function payWithCard(page: Page, cardNumber: string) {
  const checkoutTab = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  const checkout = await checkoutTab;
  await checkout.waitForLoadState();
  await checkout.getByLabel('Card number').fill(cardNumber);
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/30');
  await checkout.getByLabel('CVC').fill('123');
  await snap(checkout, 'card-checkout');
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  return checkout;
}

async function friend(request: APIRequestContext, name: string) {
  const player = newPlayer(name);
  await registerPlayer(request, player);
  return player;
}

test('a card top-up with 4242 credits the wallet; a declined card credits nothing', async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request, 'Kipchoge');
  await page.goto('/account/wallet');
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  await enterAmountAndReview(page, 700);
  await chooseMethod(page, /Card/);
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Top up request was processed successfully!')).toBeVisible({ timeout: 20_000 });
  expect(await balanceOf(page)).toBe(700);

  await page.goto('/account/wallet');
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  await enterAmountAndReview(page, 300);
  await chooseMethod(page, /Card/);
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page.getByText('Something happened')).toBeVisible({ timeout: 20_000 });
  await snap(page, 'card-declined');
  expect(await balanceOf(page)).toBe(700);
});

test('a player boosts a friend from the wallet and with M-Pesa; both histories show it', async ({
  page,
  request,
  browser,
}) => {
  const buddy = await friend(request, 'Rafiki');
  const me = await signedInPlayer(page, request, 'Msaidizi');
  await topUp(page, me.uid, 1000);

  await page.goto('/account/boost');
  await expect(page.getByText('So, you want to boost your friend?')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText("Please enter your friend's username.")).toBeVisible();
  await page.getByLabel("Friend's username").fill('nobody_by_that_name');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('User not found')).toBeVisible();
  await page.getByLabel("Friend's username").fill(buddy.username.toUpperCase());
  await snap(page, 'boost');
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterAmountAndReview(page, 250);
  await chooseMethod(page, /Wallet/);
  await page.getByRole('button', { name: 'Boost', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Yeah, friend boosted!' })).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText("You just boosted your friend kes 250.00. That's what friends are for!"),
  ).toBeVisible();
  await snap(page, 'thank-you-boost');
  expect(await balanceOf(page)).toBe(750);

  await page.goto('/account/boost');
  await page.getByLabel("Friend's username").fill(buddy.username);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterAmountAndReview(page, 100);
  await chooseMethod(page, /M-Pesa/);
  await page.getByRole('button', { name: 'Boost', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Yeah, friend boosted!' })).toBeVisible({ timeout: 20_000 });
  expect(await balanceOf(page)).toBe(750);

  await page.goto('/account/wallet');
  await expect(page.getByText(kes(250)).first()).toBeVisible();

  const buddyContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const buddyPage = await buddyContext.newPage();
  await buddyPage.goto('/login');
  await buddyPage.getByLabel('Email').fill(buddy.email);
  await buddyPage.getByLabel('Password', { exact: true }).fill(buddy.password);
  await buddyPage.getByRole('button', { name: 'Log In', exact: true }).click();
  await buddyPage.waitForURL('**/dashboard');
  await buddyPage.goto('/account/wallet');
  await expect(buddyPage.getByText(kes(350)).first()).toBeVisible();
  await expect(buddyPage.getByText(kes(250)).first()).toBeVisible();
  await expect(buddyPage.getByText(kes(100)).first()).toBeVisible();
  await snap(buddyPage, 'wallet-boosted');
  await buddyContext.close();
});

test('Bronze by airtime, Gold by airtime refused, Silver by wallet shows Subscribed', async ({
  page,
  request,
}) => {
  const me = await signedInPlayer(page, request, 'Shujaa');
  await topUp(page, me.uid, 500);

  await page.goto('/account/subscription');
  await expect(
    page.getByText('We have several plans that you can select from and get to play limitless games.'),
  ).toBeVisible();
  await snap(page, 'subscriptions');

  await page.getByRole('article', { name: 'Gold' }).getByRole('button', { name: 'Choose' }).click();
  await chooseMethod(page, /Safaricom/);
  await expect(
    page.getByText(
      'Payment using Safaricom airtime is limited to the bronze package. Please choose another method.',
    ),
  ).toBeVisible();

  await page.goto('/account/subscription');
  await page.getByRole('article', { name: 'Bronze' }).getByRole('button', { name: 'Choose' }).click();
  await chooseMethod(page, /Safaricom/);
  await expect(page).toHaveURL(/\/account\/payment\/pay\/airtime$/);
  await expect(
    page.getByText(
      /You are about to subscribe to .* Kes\/Daily package to be deducted directly from your Safaricom airtime\. \(expires after 24hours\)/,
    ),
  ).toBeVisible();
  await snap(page, 'pay-airtime');
  await page.getByRole('button', { name: "Let's do it" }).click();
  await expect(page).toHaveURL(/\/account\/subscription$/, { timeout: 20_000 });
  await expect(
    page.getByText(/^Your subscription request has been processed successfully for kes [\d.,]+\/day$/),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: 'Bronze' }).getByText('Subscribed')).toBeVisible();

  await page.getByRole('article', { name: 'Silver' }).getByRole('button', { name: 'Choose' }).click();
  await chooseMethod(page, /Wallet/);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/subscription$/, { timeout: 20_000 });
  await expect(page.getByRole('article', { name: 'Silver' }).getByText('Subscribed')).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Gold' }).getByRole('button', { name: 'Choose' }),
  ).toBeVisible();
  await snap(page, 'subscriptions-subscribed');
  const silver = (
    await asPlayer<Array<{ amount: number; name: string }>>(page, '/api/subscription-packages/list')
  ).find((plan) => plan.name === 'Silver');
  expect(await balanceOf(page)).toBe(500 - (silver?.amount ?? Number.NaN));
});
