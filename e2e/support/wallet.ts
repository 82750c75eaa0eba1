import { randomInt, randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ownPhone } from './players.ts';

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

/**
 * A phone the M-Pesa sandbox answers by hand (0700 900 000 to 0700 999 999): its prompt waits until
 * the test answers it, so the waiting screen can be looked at for as long as a slow machine needs.
 */
export const handPhone = () => `07009${String(randomInt(100_000)).padStart(5, '0')}`;

/** Daraja's form of a local number: 0700912345 → 254700912345. */
export const darajaPhone = (phone: string) => `254${phone.slice(1)}`;

/** Answers the prompt waiting on a hand-answered phone, as the person holding it would. */
export async function answerPrompt(
  request: APIRequestContext,
  phone: string,
  answer: 'pay' | 'pay-callback-lost' | 'cancel',
) {
  const response = await request.post(`/sandbox/daraja/phones/${darajaPhone(phone)}/answer`, {
    form: { answer },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(303);
}

/**
 * Starts an M-Pesa top-up as the signed-in player, the way the pay screen does, for a spec whose
 * subject is what comes after (the screens have specs of their own). Resolves with the payment's id.
 */
export async function startTopUp(page: Page, uid: string, amount: number): Promise<string> {
  const { token } = (await (await page.request.get('/api/auth/token')).json()) as { token: string };
  const methods = await asPlayer<Array<{ id: number; code: string }>>(page, '/api/payment-methods/list');
  const mpesa = methods.find((method) => method.code === 'MPESA');
  const response = await page.request.post('/api/payments/top-up', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: { paymentMethodId: mpesa?.id, amount, mpesaPhoneNumber: ownPhone(), userId: uid },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { payload: { id: string } }).payload.id;
}

/** Tops the wallet up as startTopUp does, and waits until M-Pesa has called back and the money is in. */
export async function topUp(page: Page, uid: string, amount: number): Promise<void> {
  const id = await startTopUp(page, uid, amount);
  await expect
    .poll(async () => (await asPlayer<{ status: string }>(page, `/api/payments/${id}`)).status, {
      timeout: 20_000,
    })
    .toBe('COMPLETED');
}

/** Pays as the signed-in player through the API, the way the pay screen does, and waits for the end. */
export async function payAsPlayer(
  page: Page,
  path: '/api/payments/subscribe' | '/api/payments/top-up' | '/api/wallets/withdraw',
  body: Record<string, unknown> & { method: 'WALLET' | 'MPESA' | 'SAFARICOM_CREDIT' },
): Promise<string> {
  const { token } = (await (await page.request.get('/api/auth/token')).json()) as { token: string };
  const methods = await asPlayer<Array<{ id: number; code: string }>>(page, '/api/payment-methods/list');
  const { method, ...rest } = body;
  const paymentMethodId = methods.find((candidate) => candidate.code === method)?.id;
  const response = await page.request.post(path, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: { paymentMethodId, ...(method === 'WALLET' ? {} : { mpesaPhoneNumber: ownPhone() }), ...rest },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { id } = ((await response.json()) as { payload: { id: string } }).payload;
  await expect
    .poll(async () => (await asPlayer<{ status: string }>(page, `/api/payments/${id}`)).status, {
      timeout: 20_000,
    })
    .toBe('COMPLETED');
  return id;
}

/** A subscription package's id by its name. */
export async function packageId(page: Page, name: string): Promise<number> {
  const plans = await asPlayer<Array<{ id: number; name: string }>>(page, '/api/subscription-packages/list');
  const plan = plans.find((candidate) => candidate.name === name);
  if (!plan) throw new Error(`No package ${name}`);
  return plan.id;
}

/**
 * Fails on any text the screen cuts (an ellipsis, a clamp, anything clipped) and on a page wider
 * than the phone: at 360 px every label must wrap instead.
 */
export async function expectNothingCut(page: Page) {
  const cut = await page.evaluate(() => {
    const clipped: string[] = [];
    for (const element of document.querySelectorAll('header *, main *, [role="dialog"] *')) {
      if (!(element instanceof HTMLElement) || element.offsetParent === null) continue;
      const style = getComputedStyle(element);
      // Text for screen readers only (the keypad's legend) is hidden on purpose, not cut.
      const visuallyHidden =
        style.clip === 'rect(0px, 0px, 0px, 0px)' ||
        style.clipPath === 'inset(50%)' ||
        element.offsetWidth <= 1;
      if (visuallyHidden) continue;
      const clipsX = style.textOverflow === 'ellipsis' || ['hidden', 'clip'].includes(style.overflowX);
      const clipsY =
        (style.webkitLineClamp && style.webkitLineClamp !== 'none') || style.overflowY === 'hidden';
      if (
        (clipsX && element.scrollWidth > element.clientWidth + 1) ||
        (clipsY && element.scrollHeight > element.clientHeight + 1)
      ) {
        clipped.push(element.textContent?.trim().slice(0, 80) ?? element.tagName);
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth)
      clipped.push('the page is wider than the screen');
    return clipped;
  });
  expect(cut).toEqual([]);
}
