import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sw } from '../../../lib/locales/sw';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import translator from '../../../lib/translation';
import { buildProfile } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { landedState, renderRoute } from '../../../test/render-route';
import { Component as Review } from './review';

const ok = (payload: unknown) => ({ status: 200, body: { statusCode: 200, statusMessage: '', payload } });
const methods = [
  { id: 1, code: 'WALLET', name: 'Wallet', available: true },
  { id: 2, code: 'MPESA', name: 'M-Pesa', available: true },
  { id: 3, code: 'CARD', name: 'Card', available: true },
  { id: 4, code: 'SAFARICOM_CREDIT', name: 'Safaricom airtime', available: true },
  { id: 5, code: 'PAYPAL', name: 'PayPal', available: false },
];

const plan = (id: number, name: string, amount: number) => ({
  id,
  name,
  description: `${name} plan`,
  amount,
  currency: 'KES',
  duration: 24,
  popular: false,
  oldId: null,
});
const plans = [plan(1, 'Bronze', 10), plan(2, 'Silver', 20), plan(3, 'Gold', 50), plan(4, 'Platinum', 100)];

/** What a server that does not run Safaricom airtime lists (ADR 0077). */
const withoutAirtime = methods.map((method) =>
  method.code === 'SAFARICOM_CREDIT' ? { ...method, available: false } : method,
);

function stubApi({ balance = 10_000, subscriptions = [] as unknown[], listed = methods } = {}) {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/wallets/withdraw-charges/500': () => ok(13),
    'GET /api/wallets/balance': () => ok({ balance }),
    'GET /api/payment-methods/list': () => ok(listed),
    'GET /api/subscription-packages/list': () => ok(plans),
    'GET /api/subscriptions/list': () => ok(subscriptions),
  });
}

/** A plan the player holds, ending `hours` from now. */
const held = (name: string, hours: number) => ({
  id: `s-${name}`,
  expired: false,
  startsAt: new Date(Date.now() - 3_600_000).toISOString(),
  expiresAt: new Date(Date.now() + hours * 3_600_000).toISOString(),
  subscriptionPackage: plans.find((p) => p.name === name),
});

async function openSheet() {
  await waitFor(() =>
    expect((screen.getByRole('button', { name: 'Proceed' }) as HTMLButtonElement).disabled).toBe(false),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
  const sheet = await screen.findByRole('dialog', { name: 'Choose a payment method' });
  await within(sheet).findByText('PayPal');
  return sheet;
}
const methodNames = (sheet: HTMLElement) =>
  within(sheet)
    .getAllByRole('button')
    .map((button) => button.textContent);
const subscription = (id: number, amount: number) => ({
  type: 'SUBSCRIPTION',
  amount,
  subscriptionId: String(id),
});

describe('review', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile());
  });
  afterEach(() => {
    for (const toast of getToasts()) dismissToast(toast.id);
  });

  it('sends a visit without an amount back to the amount route, keeping the type', async () => {
    renderRoute(Review, { path: '/account/payment/review', state: { type: 'TOPUP' } });
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/payment/amount');
    expect(landedState(screen.getByTestId('landed-state'))).toEqual({ type: 'TOPUP' });
  });

  it('sends a visit without a type to the amount route', async () => {
    renderRoute(Review, { path: '/account/payment/review', state: { amount: 500 } });
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/payment/amount');
  });

  it('shows the estimated withdrawal fee from the server and the total', async () => {
    const calls = stubApi();
    renderRoute(Review, { path: '/account/payment/review', state: { type: 'WITHDRAWAL', amount: 500 } });
    expect(screen.getByText('Withdrawal')).toBeTruthy();
    expect(screen.getByText('kes 500.00')).toBeTruthy();
    expect(await screen.findByText('kes 13.00')).toBeTruthy();
    expect(screen.getByText('kes 513.00')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/wallets/withdraw-charges/500')).toBe(true);
  });

  it('refuses a withdrawal above the balance here, with the message and the balance available', async () => {
    stubApi({ balance: 510 });
    renderRoute(Review, { path: '/account/payment/review', state: { type: 'WITHDRAWAL', amount: 500 } });
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toContain(
      'Your wallet balance is not enough for this withdrawal and its fee.',
    );
    expect(within(refusal).getByText('Available in your wallet: kes 510.00')).toBeTruthy();
    expect(screen.getByText('kes 513.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change amount' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/payment/amount');
    expect(landedState(screen.getByTestId('landed-state'))).toEqual({ type: 'WITHDRAWAL', amount: 500 });
  });

  it('says the refusal in Kiswahili to a player reading Kiswahili', async () => {
    translator.addResourceBundle('sw', 'translation', sw);
    await translator.changeLanguage('sw');
    try {
      stubApi({ balance: 510 });
      renderRoute(Review, { path: '/account/payment/review', state: { type: 'WITHDRAWAL', amount: 500 } });
      expect((await screen.findByRole('alert')).textContent).toContain(
        'Salio la pochi yako halitoshi kutoa pesa hizi pamoja na ada yake.',
      );
    } finally {
      await translator.changeLanguage('en');
    }
  });

  it('lets a withdrawal the balance covers, fee included, go on to the method', async () => {
    stubApi({ balance: 513 });
    renderRoute(Review, { path: '/account/payment/review', state: { type: 'WITHDRAWAL', amount: 500 } });
    const sheet = await openSheet();
    expect(methodNames(sheet)).toEqual(['M-Pesa', 'PayPalComing soon']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows no fee for a top-up', async () => {
    const calls = stubApi();
    renderRoute(Review, { path: '/account/payment/review', state: { type: 'TOPUP', amount: 500 } });
    expect(screen.queryByText('Estimated fee')).toBeNull();
    expect(screen.getAllByText('kes 500.00')).toHaveLength(2);
    expect(calls.some((call) => call.path.startsWith('/api/wallets/withdraw-charges'))).toBe(false);
  });

  it('lists only the methods allowed for a withdrawal, and PayPal as coming soon', async () => {
    stubApi();
    renderRoute(Review, { path: '/account/payment/review', state: { type: 'WITHDRAWAL', amount: 500 } });
    await screen.findByText('kes 13.00');
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    const sheet = await screen.findByRole('dialog', { name: 'Choose a payment method' });
    await within(sheet).findByText('M-Pesa');
    const names = within(sheet)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['M-Pesa', 'PayPalComing soon']);
  });

  it('offers M-Pesa and card for a top-up; PayPal answers with a coming-soon toast', async () => {
    stubApi();
    renderRoute(Review, {
      path: '/account/payment/review',
      state: { type: 'TOPUP', amount: 500, userId: 'p1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    const sheet = await screen.findByRole('dialog');
    fireEvent.click(await within(sheet).findByText('PayPal'));
    expect(getToasts().map((toast) => toast.message)).toEqual([
      'PayPal coming soon. Please choose another method.',
    ]);
    expect(within(sheet).queryByText('Wallet')).toBeNull();
    fireEvent.click(within(sheet).getByText('Card'));
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/account/payment/pay'));
    expect(landedState(screen.getByTestId('landed-state'))).toEqual({
      type: 'TOPUP',
      amount: 500,
      userId: 'p1',
      paymentMethod: 'CARD',
      paymentMethodId: 3,
    });
  });

  it("sends a boost without a friend back to the boost screen with the product's message", async () => {
    renderRoute(Review, { path: '/account/payment/review', state: { type: 'BOOST', amount: 500 } });
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/boost');
    expect(getToasts().map((toast) => toast.message)).toEqual(["Please enter your friend's username."]);
  });

  it('offers M-Pesa, card and wallet for a boost, and shows whom it is for', async () => {
    stubApi();
    renderRoute(Review, {
      path: '/account/payment/review',
      state: { type: 'BOOST', amount: 500, userId: 'u2', friendUsername: 'otieno' },
    });
    expect(screen.getByText('@otieno')).toBeTruthy();
    const sheet = await openSheet();
    expect(methodNames(sheet)).toEqual(['Wallet', 'M-Pesa', 'Card', 'PayPalComing soon']);
    fireEvent.click(within(sheet).getByText('Wallet'));
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/account/payment/pay'));
    expect(landedState(screen.getByTestId('landed-state'))).toEqual({
      type: 'BOOST',
      amount: 500,
      userId: 'u2',
      friendUsername: 'otieno',
      paymentMethod: 'WALLET',
      paymentMethodId: 1,
    });
  });

  it('offers every method for a subscription, names the plan, and refuses airtime for Gold', async () => {
    stubApi();
    renderRoute(Review, { path: '/account/payment/review', state: subscription(3, 50) });
    expect(await screen.findByText('Gold')).toBeTruthy();
    const sheet = await openSheet();
    expect(methodNames(sheet)).toEqual([
      'Wallet',
      'M-Pesa',
      'Card',
      'Safaricom airtime',
      'PayPalComing soon',
    ]);
    fireEvent.click(within(sheet).getByText('Safaricom airtime'));
    expect(getToasts().map((toast) => toast.message)).toEqual([
      'Payment using Safaricom airtime is limited to the bronze package. Please choose another method.',
    ]);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('says what the player already has before they pay for another plan: it runs alongside, it extends nothing', async () => {
    stubApi({ subscriptions: [held('Bronze', 5), held('Silver', 30)] });
    renderRoute(Review, { path: '/account/payment/review', state: subscription(3, 50) });
    const note = await screen.findByRole('note');
    expect(note.textContent).toMatch(
      /^You already have Bronze until \d\d:\d\d (today|tomorrow) and Silver until (\d\d:\d\d tomorrow|.+, \d\d:\d\d)\./,
    );
    expect(note.textContent).toContain(
      'Gold does not extend or replace them: it starts when you pay and runs alongside them for 24 hours. Any one plan opens every premium game.',
    );
    expect((screen.getByRole('button', { name: 'Proceed' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says that the same plan again is added to the end of the current one', async () => {
    stubApi({ subscriptions: [held('Gold', 2)] });
    renderRoute(Review, { path: '/account/payment/review', state: subscription(3, 50) });
    const note = await screen.findByRole('note');
    // Two hours left plus 24: tomorrow, or the day after when the test runs late in the evening.
    expect(note.textContent).toMatch(
      /Paying again adds 24 hours to Gold, so it runs until (\d\d:\d\d tomorrow|\d+ \w+, \d\d:\d\d)\.$/,
    );
  });

  it('says nothing more when the player holds no plan', async () => {
    stubApi({ subscriptions: [{ ...held('Bronze', -1), expired: true }] });
    renderRoute(Review, { path: '/account/payment/review', state: subscription(3, 50) });
    await openSheet();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('takes Bronze paid with airtime to the airtime page', async () => {
    stubApi();
    renderRoute(Review, { path: '/account/payment/review', state: subscription(1, 10) });
    const sheet = await openSheet();
    fireEvent.click(within(sheet).getByText('Safaricom airtime'));
    await waitFor(() =>
      expect(screen.getByTestId('landed').textContent).toBe('/account/payment/pay/airtime'),
    );
    expect(landedState(screen.getByTestId('landed-state'))).toEqual({
      type: 'SUBSCRIPTION',
      amount: 10,
      subscriptionId: '1',
      paymentMethod: 'SAFARICOM_CREDIT',
      paymentMethodId: 4,
    });
    expect(getToasts()).toHaveLength(0);
  });

  it('shows airtime as coming soon for Bronze where the server does not offer it, as PayPal is', async () => {
    stubApi({ listed: withoutAirtime });
    renderRoute(Review, { path: '/account/payment/review', state: subscription(1, 10) });
    const sheet = await openSheet();
    expect(methodNames(sheet)).toEqual([
      'Wallet',
      'M-Pesa',
      'Card',
      'Safaricom airtimeComing soon',
      'PayPalComing soon',
    ]);
    const airtime = within(sheet).getByRole('button', { name: /Safaricom airtime/ });
    expect(airtime.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(airtime);
    expect(getToasts().map((toast) => toast.message)).toEqual([
      'Safaricom airtime coming soon. Please choose another method.',
    ]);
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('says so in Kiswahili to a player reading Kiswahili', async () => {
    translator.addResourceBundle('sw', 'translation', sw);
    await translator.changeLanguage('sw');
    try {
      stubApi({ listed: withoutAirtime });
      renderRoute(Review, { path: '/account/payment/review', state: subscription(1, 10) });
      const proceed = await screen.findByRole('button', { name: 'Endelea' });
      await waitFor(() => expect((proceed as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(proceed);
      const sheet = await screen.findByRole('dialog');
      fireEvent.click(await within(sheet).findByRole('button', { name: /Safaricom/ }));
      expect(getToasts().map((toast) => toast.message)).toEqual([
        'Salio la simu (airtime) la Safaricom inakuja karibuni. Tafadhali chagua njia nyingine.',
      ]);
    } finally {
      await translator.changeLanguage('en');
    }
  });

  it('does not list airtime that is not offered on a sheet for a payment it could never make', async () => {
    stubApi({ listed: withoutAirtime });
    renderRoute(Review, { path: '/account/payment/review', state: { type: 'TOPUP', amount: 500 } });
    const sheet = await openSheet();
    expect(methodNames(sheet)).toEqual(['M-Pesa', 'Card', 'PayPalComing soon']);
  });

  it('sends a subscription for a plan that does not exist back to the plans', async () => {
    stubApi();
    renderRoute(Review, { path: '/account/payment/review', state: subscription(9, 10) });
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/subscription');
  });
});
