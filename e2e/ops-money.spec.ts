import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { newOperator, openConsole, searchForOne } from './support/operators.ts';
import { consolePayment, payingPlayer } from './support/ops-money.ts';
import { watchToasts } from './support/toasts.ts';
import { answerPrompt, handPhone } from './support/wallet.ts';

/** Confirms the open dialog's action with its reason typed, as every money action asks. */
async function confirmWithReason(page: Page, reason: string, confirm: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Reason/).fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test('a finance operator resolves a lost-callback top-up with "ask the provider now"', async ({
  page,
  request,
}) => {
  const player = await payingPlayer(request);
  const phone = handPhone();
  const payment = await player.topUp(345, phone);
  const finance = await newOperator(request, 'finance');
  const toasts = await watchToasts(page);
  await openConsole(page, finance, '/ops/payments');
  await searchForOne(page, 'Phone', phone);
  await page.getByRole('row').filter({ hasText: player.email }).click();
  await expect(page.getByText('IN PROGRESS').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask the provider now' })).toBeVisible();

  // Reconciliation has looked four times (the customer had not answered); its next look is 24 s away
  // (3 s doubled at each look), time enough for the customer's PIN and the operator's tap however busy
  // the machine. After three looks the next was 12 s away, and a machine running other suites beside
  // this one let the job find the payment completed before the operator asked.
  await expect
    .poll(
      async () =>
        (await consolePayment(request, payment.id)).timeline.filter(
          (item) => item.kind === 'job' && item.title === 'payments.reconcile',
        ).length,
      {
        timeout: 75_000,
      },
    )
    .toBeGreaterThanOrEqual(4);
  // The customer types their PIN; M-Pesa takes the money and its callback to us is lost.
  await answerPrompt(request, phone, 'pay-callback-lost');

  await page.getByRole('button', { name: 'Ask the provider now' }).click();
  await toasts.expectShown('The provider answered: the payment is now COMPLETED.');
  await expect(page.getByText('COMPLETED').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask the provider now' })).toHaveCount(0);
  await expect(page.getByText('stk-query').first()).toBeVisible();
  await expect(page.getByText('TOPUP: Top up from M-Pesa')).toBeVisible();
  expect(await player.balance()).toBe(345);

  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Search by action, target, operator or reason').fill(payment.id);
  await expect(
    page.getByRole('row').filter({ hasText: 'payments.ask-provider' }).filter({ hasText: finance.email }),
  ).toBeVisible();
  await player.dispose();
});

test('a finance operator refunds a card payment to the wallet, and the package ends', async ({
  page,
  request,
}) => {
  const player = await payingPlayer(request);
  const { intent, pkg } = await player.buyByCard('Silver');
  const finance = await newOperator(request, 'finance');
  const toasts = await watchToasts(page);
  await openConsole(page, finance, '/ops/payments');
  await page.getByLabel('Method').selectOption('CARD');
  await page.getByLabel('Player uid or e-mail').fill(player.email);
  await page.getByRole('row').filter({ hasText: 'SUBSCRIPTION' }).filter({ hasText: player.email }).click();
  await expect(page.getByRole('heading', { name: 'SUBSCRIPTION · CARD' })).toBeVisible();

  await page.getByRole('button', { name: 'Refund…' }).click();
  await expect(page.getByRole('dialog')).toContainText("goes back to the payer's wallet");
  await confirmWithReason(page, 'The game would not load on their phone', 'Refund');
  await toasts.expectShown('Refunded to the wallet.');
  await expect(page.getByRole('heading', { name: 'Refunds' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund…' })).toHaveCount(0);
  expect(await player.balance()).toBe(pkg.amount);
  const subscriptions =
    await player.get<{ expired: boolean; subscriptionPackage: { name: string } }[]>(
      '/api/subscriptions/list',
    );
  expect(subscriptions.find((s) => s.subscriptionPackage.name === 'Silver')?.expired).toBe(true);

  // The refund's own page: a new entry from subscription revenue to the player's wallet.
  await page.getByRole('link', { name: /KES .* to the wallet/ }).click();
  await expect(page.getByRole('link', { name: intent.id })).toBeVisible();
  await expect(page.getByText('SUBSCRIPTION_REVENUE')).toBeVisible();
  const detail = await consolePayment(request, intent.id);
  expect(detail.refundable).toBe(0);
  await player.dispose();
});

test('a finance operator refunds a card payment back to the card; an M-Pesa number is checked before the reason', async ({
  page,
  request,
}) => {
  const player = await payingPlayer(request);
  const { intent } = await player.buyByCard('Gold');
  const finance = await newOperator(request, 'finance');
  const toasts = await watchToasts(page);
  await openConsole(page, finance, `/ops/payments/${intent.id}`);
  await expect(page.getByRole('heading', { name: 'SUBSCRIPTION · CARD' })).toBeVisible();

  // By M-Pesa, a number that is not Safaricom's is refused before any reason is asked.
  await page.getByLabel('M-Pesa (B2C)').check();
  await page.getByLabel('M-Pesa number (Safaricom)').fill('0812 000 000');
  await page.getByRole('button', { name: 'Refund…' }).click();
  await expect(page.getByText('Please enter a valid Safaricom number, like 0712 345 678.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByLabel('The card it was paid with').check();
  await page.getByRole('button', { name: 'Refund…' }).click();
  await expect(page.getByRole('dialog')).toContainText('goes back to the card it was paid with');
  await confirmWithReason(page, 'Charged twice for the same day', 'Refund');
  await toasts.expectShown(
    'Refund on its way to the card. The card gateway is refunding it; its result shows on the refund.',
  );
  // The card gateway processes it and says so: the refund completes.
  const refund = page.getByRole('link', { name: /KES .* to the card/ });
  await expect(async () => {
    await page.reload();
    await expect(refund).toContainText('COMPLETED', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await refund.click();
  await expect(page.getByText('REFUND_SETTLE')).toBeVisible();
  await expect(page.getByText('CARD_CLEARING').first()).toBeVisible();
  await player.dispose();
});

test('a finance operator reads the day reconciliation and downloads it as CSV', async ({ page, request }) => {
  const player = await payingPlayer(request);
  await player.buyByCard('Bronze');
  const finance = await newOperator(request, 'finance');
  await openConsole(page, finance, '/ops/reconciliation');
  await expect(page.getByRole('heading', { name: 'M-Pesa' })).toBeVisible();
  await expect(page.getByText('from the Daraja sandbox statement')).toBeVisible();
  await expect(page.getByText("from the card gateway's transaction and refund lists")).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^playon-reconciliation-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'day,provider,direction,reference,intent_id,phone,provider_amount_kes,ledger_amount_kes,at,difference',
  );
  await player.dispose();
});
