import { expect, type Locator, type Page, test } from '@playwright/test';
import { signedInPlayer } from './support/players.ts';
import { expectNoSmallTargets } from './support/touch-targets.ts';
import { answerPrompt, asPlayer, handPhone, kes } from './support/wallet.ts';

/**
 * Beyond what axe sees: a player with a keyboard (or a screen reader's swipes, which move
 * focus the same way) tops up to the payment's outcome, the sheets keep focus and give it back,
 * and toasts are announced politely. Sizes (44 px targets, text at twice its size) are in
 * a11y-sizes.spec.ts.
 */

/** Where focus is: the focused element's role-ish name, for messages a person can read. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element ? (element.getAttribute('aria-label') ?? element.textContent ?? '').trim() : '';
  });

const isFocusInside = (page: Page, selector: string) =>
  page.evaluate((inside) => !!document.activeElement?.closest(inside), selector);

/** Presses Tab until `target` has focus, as a keyboard player looks for a control; fails naming the stops. */
async function tabTo(page: Page, target: Locator, most = 30) {
  const stops: string[] = [];
  for (let step = 0; step <= most; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
    stops.push(await focused(page));
  }
  throw new Error(`${most} Tabs never reached it; focus went to: ${stops.join(' | ')}`);
}

test('a keyboard player tops up: keypad, Review, the method sheet (focus kept, Escape, focus back) and a polite toast', async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request, 'Mwangi');
  await page.goto('/account/wallet');
  await expect(page.getByRole('heading', { name: 'Wallet' })).toBeVisible();

  // The skip link is the first stop and takes focus to the screen's main.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  expect(await isFocusInside(page, 'main')).toBe(true);

  await page.getByRole('button', { name: 'Top up', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/payment\/amount$/);

  // The keypad is a named group of digits; its amount is a polite live region read whole.
  const keypad = page.getByRole('group', { name: 'Keypad' });
  await keypad.getByRole('button', { name: '1', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('5');
  await page.keyboard.press('0');
  const amount = page.getByTestId('amount-display');
  await expect(amount).toHaveText(`kes${kes(150)}`);
  await expect(amount).toHaveAttribute('aria-live', 'polite');
  await expect(amount).toHaveAttribute('aria-atomic', 'true');
  await keypad.getByRole('button', { name: 'Delete last digit' }).focus();
  await page.keyboard.press('Enter');
  await expect(amount).toHaveText(`kes${kes(15)}`);
  await page.keyboard.press('0');

  await expectNoSmallTargets(page, '/account/payment/amount');
  await page.getByRole('button', { name: 'Review' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/payment\/review$/);
  await expectNoSmallTargets(page, '/account/payment/review');
  const proceed = page.getByRole('button', { name: 'Proceed' });
  await proceed.focus();
  await page.keyboard.press('Enter');

  const sheet = page.getByRole('dialog', { name: 'Choose a payment method' });
  await expect(sheet).toHaveAttribute('aria-modal', 'true');
  await expect(sheet.getByRole('button', { name: /M-Pesa/ })).toBeVisible();
  expect(await isFocusInside(page, '[role="dialog"]')).toBe(true);
  // Twice round the sheet's controls, forwards and back: focus never reaches the page behind.
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press('Tab');
    expect(await isFocusInside(page, '[role="dialog"]'), `Tab ${step + 1} on ${await focused(page)}`).toBe(
      true,
    );
  }
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press('Shift+Tab');
    expect(await isFocusInside(page, '[role="dialog"]'), `Shift+Tab ${step + 1}`).toBe(true);
  }
  // An unavailable method says so as a state, and its answer is a polite status in the live region.
  const paypal = sheet.getByRole('button', { name: /PayPal/ });
  await expect(paypal).toHaveAttribute('aria-disabled', 'true');
  await paypal.focus();
  await page.keyboard.press('Enter');
  const toast = page
    .locator('[aria-live="polite"] [role="status"]')
    .filter({ hasText: 'PayPal coming soon' });
  await expect(toast).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'PayPal' })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(proceed).toBeFocused();

  await page.keyboard.press('Enter');
  await sheet.getByRole('button', { name: /M-Pesa/ }).focus();
  await expectNoSmallTargets(page, 'the method sheet');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/payment\/pay$/);

  // The phone step: the field and the button found by Tab alone, the number typed over the profile's.
  const phoneField = page.getByLabel('M-Pesa phone number');
  await expect(phoneField).toBeVisible();
  await expectNoSmallTargets(page, '/account/payment/pay');
  await tabTo(page, phoneField);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expect(phoneField).toHaveValue('');
  // A wrong number is refused where it was typed, and focus stays for the correction.
  await page.keyboard.type('0712');
  await page.keyboard.press('Enter');
  await expect(phoneField).toHaveAttribute('aria-invalid', 'true');
  await expect(phoneField).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  const phone = handPhone();
  await page.keyboard.type(phone);
  const pay = page.getByRole('button', { name: 'Top up', exact: true });
  await tabTo(page, pay);
  await page.keyboard.press('Enter');

  // Waiting for the phone: the prompt is answered on the handset (the sandbox), then the outcome.
  await expect(page).toHaveURL(/\/waiting/);
  await expect(page.getByText("It'll just be a moment.")).toBeVisible();
  await expectNoSmallTargets(page, '/waiting');
  await answerPrompt(request, phone, 'pay');
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible({ timeout: 30_000 });
  await expectNoSmallTargets(page, '/account/payment/thank-you');
  await tabTo(page, page.getByRole('button', { name: 'View wallet' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/wallet$/);
  await expect(page.getByText('Top up from M-Pesa')).toBeVisible();
  expect(await asPlayer<{ balance: number }>(page, '/api/wallets/balance')).toMatchObject({ balance: 150 });
});

test('the side menu and the events slider answer a keyboard: focus kept and given back, a pause that holds', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedInPlayer(page, request, 'Atieno');
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.focus();
  await page.keyboard.press('Enter');
  const sideMenu = page.getByRole('dialog', { name: 'Menu' });
  await expect(sideMenu).toHaveAttribute('aria-modal', 'true');
  await expect(sideMenu.getByRole('navigation').getByRole('button', { name: 'Close menu' })).toBeFocused();
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab');
    expect(await isFocusInside(page, '[role="dialog"] nav')).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(sideMenu).toHaveCount(0);
  await expect(menu).toBeFocused();

  // Less motion asked for: the events start stopped, with a button that starts them.
  const events = page.getByRole('region', { name: 'Events' });
  await expect(events.getByRole('button', { name: 'Play the events' })).toBeVisible();
  await events.getByRole('button', { name: 'Play the events' }).click();
  await expect(events.getByRole('button', { name: 'Pause the events' })).toBeVisible();
});
