import { expect, test } from '@playwright/test';
import { signedInPlayer, snap } from './support/players.ts';
import { watchToasts } from './support/toasts.ts';
import { kes, startTopUp } from './support/wallet.ts';

test('a completed top-up appears in the notifications, and an empty list offers Refresh', async ({
  page,
  request,
}) => {
  const player = await signedInPlayer(page, request, 'Njeri');
  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByText('No Notifications Yet')).toBeVisible();
  await snap(page, 'notifications-empty');

  await startTopUp(page, player.uid, 250);
  // The app is open: the notification arrives over the socket as a toast and tops the list.
  await expect(page.getByText('Top up received').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`${kes(250)} is in your wallet.`).first()).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('article').or(page.getByRole('listitem')).filter({ hasText: 'Top up received' }).first(),
  ).toBeVisible();
  await snap(page, 'notifications');
});

test('going offline shows Connection Lost, and coming back returns to the page', async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request, 'Kip');
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await page.context().setOffline(true);
  await expect(page.getByText('You are now offline')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/no-internet$/);
  await expect(page.getByText('Connection Lost')).toBeVisible();
  await snap(page, 'no-internet');
  await page.context().setOffline(false);
  await expect(page).toHaveURL(/\/account$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
});

test("feedback is checked in the form's order, confirmed, and thanked", async ({ page, request }) => {
  await signedInPlayer(page, request, 'Wambui');
  await page.goto('/account/feedback');
  await expect(page.getByRole('heading', { name: 'Drop us a line' })).toBeVisible();
  const toasts = await watchToasts(page);
  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await email.fill('');
  await page.getByRole('button', { name: 'Send' }).click();
  // The field says 'Enter your email' and the toast 'Please enter your email.': match the field's
  // exactly, or it also finds the toast once it is up.
  await expect(page.getByText('Enter your email', { exact: true })).toBeVisible();
  await toasts.expectShown('Please enter your email.');
  await email.fill('wambui@');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await email.fill('wambui@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please enter a subject.').first()).toBeVisible();
  await toasts.expectShown('Please enter a subject.');
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Matatu Rush');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please enter a message.').first()).toBeVisible();
  await toasts.expectShown('Please enter a message.');
  await page
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('The traffic is too fast after two minutes!');
  await page.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog', { name: 'We value your feedback' });
  await expect(dialog).toBeVisible();
  await snap(page, 'feedback-confirm');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you for your feedback. We will get back to you soon.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: /support@playon\.co\.ke/ })).toBeVisible();
  await snap(page, 'feedback');
});

test('Playon TV embeds the primary video on a tap and lists the others with Watch now', async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request, 'Mutua');
  // YouTube's hosts are not reachable from CI: refused at once, as a blocked network does, rather
  // than left to a lookup that may hang and hold the page's network busy (tv.spec.ts answers them).
  for (const host of ['https://www.youtube-nocookie.com/**', 'https://i.ytimg.com/**'])
    await page.route(host, (route) => route.abort('blockedbyclient'));
  await page.goto('/playon-tv');
  // Its picture first (tv.spec.ts follows the player further); YouTube's player loads on a tap.
  await page.getByRole('button', { name: 'Play Big Buck Bunny' }).click();
  await expect(page.locator('iframe[src*="youtube-nocookie.com/embed/aqz-KE-bpKQ"]')).toBeAttached();
  await expect(
    page.getByRole('button', { name: 'Watch now' }).or(page.getByRole('link', { name: 'Watch now' })),
  ).toHaveCount(2);
  await snap(page, 'playon-tv');
});
