import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sw } from '../../../lib/locales/sw';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import translator from '../../../lib/translation';
import { buildProfile } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { landedState, renderRoute } from '../../../test/render-route';
import { Component as Pay } from './pay';

const topUpState = {
  type: 'TOPUP',
  amount: 100,
  userId: 'p1',
  paymentMethod: 'MPESA',
  paymentMethodId: 2,
};
const intent = {
  id: 'pi_1',
  status: 'PENDING',
  type: 'TOPUP',
  amount: 100,
  fee: 0,
  message: null,
  createdAt: '2026-11-21T06:00:00.000Z',
  updatedAt: '2026-11-21T06:00:00.000Z',
};
const accepted = () => ({
  status: 200,
  body: { statusCode: 200, statusMessage: 'Check your phone and enter your M-Pesa PIN.', payload: intent },
});
const failed = () => ({
  status: 500,
  body: { statusCode: 500, statusMessage: 'Something happened.', payload: { code: 'INTERNAL' } },
});
const token = () => ({ status: 200, body: { token: fakeToken() } });
const phoneField = () => screen.getByLabelText('M-Pesa phone number') as HTMLInputElement;

describe('payment confirmation', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile({ phone: '0712345678' }));
  });
  afterEach(() => {
    for (const toast of getToasts()) dismissToast(toast.id);
  });

  it('goes back when there is no type and amount', async () => {
    renderRoute(Pay, { path: '/account/payment/pay', state: { paymentMethod: 'MPESA' } });
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/wallet');
  });

  it('prefills the profile phone, names the button by type, and checks the number before sending', async () => {
    const calls = stubFetch({ 'GET /api/auth/token': token });
    renderRoute(Pay, { path: '/account/payment/pay', state: { ...topUpState, type: 'WITHDRAWAL' } });
    expect(phoneField().value).toBe('0712345678');
    expect(phoneField().placeholder).toBe('Enter your phone');
    fireEvent.input(phoneField(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your phone');
    fireEvent.input(phoneField(), { target: { value: '0812' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please enter a valid Safaricom number, like 0712 345 678.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('says the number is not Safaricom’s in Kiswahili to a player reading Kiswahili', async () => {
    translator.addResourceBundle('sw', 'translation', sw);
    await translator.changeLanguage('sw');
    try {
      stubFetch({ 'GET /api/auth/token': token });
      renderRoute(Pay, { path: '/account/payment/pay', state: topUpState });
      fireEvent.input(screen.getByLabelText(sw.payment.phoneLabel) as HTMLInputElement, {
        target: { value: '0812' },
      });
      fireEvent.submit(
        (screen.getByLabelText(sw.payment.phoneLabel) as HTMLInputElement).closest('form') as HTMLFormElement,
      );
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Tafadhali weka nambari sahihi ya Safaricom, kama 0712 345 678.',
      );
    } finally {
      await translator.changeLanguage('en');
    }
  });

  it('sends the top-up with a fresh key, toasts, and opens the waiting page for the intent', async () => {
    const calls = stubFetch({ 'GET /api/auth/token': token, 'POST /api/payments/top-up': accepted });
    renderRoute(Pay, { path: '/account/payment/pay', state: topUpState });
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/waiting?id=pi_1');
    expect(landedState(screen.getByTestId('landed-state'))).toEqual({
      id: 'pi_1',
      type: 'TOPUP',
      amount: 100,
    });
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      paymentMethodId: 2,
      amount: 100,
      mpesaPhoneNumber: '254712345678',
      userId: 'p1',
    });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(getToasts().map((toast) => toast.message)).toContain(
      'Check your phone and enter your M-Pesa PIN.',
    );
  });

  it('retries a confirmation whose outcome is unknown under the same key, and a changed one under a new key', async () => {
    let answer: () => { status: number; body: unknown } = failed;
    const calls = stubFetch({ 'GET /api/auth/token': token, 'POST /api/payments/top-up': () => answer() });
    renderRoute(Pay, { path: '/account/payment/pay', state: topUpState });
    const button = screen.getByRole('button', { name: 'Top up' });
    const posts = () => calls.filter((call) => call.method === 'POST');

    fireEvent.click(button);
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Something happened.'));
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(posts()).toHaveLength(2));
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(posts()[1]?.headers['Idempotency-Key']).toBe(posts()[0]?.headers['Idempotency-Key']);

    fireEvent.input(phoneField(), { target: { value: '0722000000' } });
    answer = accepted;
    fireEvent.click(button);
    expect((await screen.findByTestId('landed')).textContent).toBe('/waiting?id=pi_1');
    expect(posts()).toHaveLength(3);
    expect(posts()[2]?.headers['Idempotency-Key']).not.toBe(posts()[0]?.headers['Idempotency-Key']);
  });

  it('starts a new confirmation after a definite refusal such as insufficient funds', async () => {
    const calls = stubFetch({
      'GET /api/auth/token': token,
      'POST /api/wallets/withdraw': () => ({
        status: 409,
        body: {
          statusCode: 409,
          statusMessage: 'Your wallet balance is not enough for this withdrawal and its fee.',
          payload: { code: 'INSUFFICIENT_FUNDS' },
        },
      }),
    });
    renderRoute(Pay, { path: '/account/payment/pay', state: { ...topUpState, type: 'WITHDRAWAL' } });
    const button = screen.getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement;
    fireEvent.click(button);
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain(
        'Your wallet balance is not enough for this withdrawal and its fee.',
      ),
    );
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    const posts = () => calls.filter((call) => call.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[0]?.body).toEqual({ paymentMethodId: 2, amount: 100, mpesaPhoneNumber: '254712345678' });
    expect(posts()[1]?.headers['Idempotency-Key']).not.toBe(posts()[0]?.headers['Idempotency-Key']);
  });

  describe('by card', () => {
    const checkout = 'https://checkout.example/pay/ref_1';
    const cardState = { ...topUpState, paymentMethod: 'CARD', paymentMethodId: 3 };
    function fakeTab() {
      const document = window.document.implementation.createHTMLDocument('');
      return { opener: window as unknown, location: { href: '' }, document, close: vi.fn() };
    }

    it('opens a blank tab within the tap, sends it to the checkout, and follows the payment here', async () => {
      const tab = fakeTab();
      const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
      const calls = stubFetch({
        'GET /api/auth/token': token,
        'POST /api/payments/top-up': () => ({
          status: 200,
          body: { statusCode: 200, statusMessage: '', payload: { ...intent, txGwSessionUrl: checkout } },
        }),
      });
      renderRoute(Pay, { path: '/account/payment/pay', state: cardState });
      expect(screen.queryByLabelText('M-Pesa phone number')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
      // Synchronously, before the server has answered: a popup blocker allows only this.
      expect(open).toHaveBeenCalledWith('', '_blank');
      expect(tab.opener).toBeNull();
      expect(tab.location.href).toBe('');
      expect((await screen.findByTestId('landed')).textContent).toBe('/waiting?id=pi_1');
      expect(tab.location.href).toBe(checkout);
      expect(tab.close).not.toHaveBeenCalled();
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        paymentMethodId: 3,
        amount: 100,
        userId: 'p1',
      });
    });

    it('closes the blank tab when the payment is refused', async () => {
      const tab = fakeTab();
      vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
      stubFetch({
        'GET /api/auth/token': token,
        'POST /api/payments/top-up': () => ({
          status: 400,
          body: {
            statusCode: 400,
            statusMessage: 'The amount must be between kes 1 and kes 250,000.',
            payload: { code: 'BAD_REQUEST' },
          },
        }),
      });
      renderRoute(Pay, { path: '/account/payment/pay', state: cardState });
      fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
      await waitFor(() => expect(tab.close).toHaveBeenCalled());
      expect(getToasts().map((toast) => toast.message)).toContain(
        'The amount must be between kes 1 and kes 250,000.',
      );
      expect(screen.queryByTestId('landed')).toBeNull();
    });
  });

  describe('from the wallet', () => {
    const boostState = {
      type: 'BOOST',
      amount: 250,
      userId: 'u2',
      paymentMethod: 'WALLET',
      paymentMethodId: 1,
    };
    const ok = (payload: unknown) => ({ status: 200, body: { statusCode: 200, statusMessage: '', payload } });

    it("boosts the friend's wallet and opens the waiting page already knowing it is done", async () => {
      const completed = { ...intent, type: 'BOOST', amount: 250, status: 'COMPLETED' };
      const calls = stubFetch({
        'GET /api/auth/token': token,
        'GET /api/wallets/balance': () => ok({ balance: 900 }),
        'POST /api/payments/top-up': () => ok(completed),
      });
      const { client } = renderRoute(Pay, { path: '/account/payment/pay', state: boostState });
      expect(await screen.findByText('Your balance: kes 900.00')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Boost' }));
      expect((await screen.findByTestId('landed')).textContent).toBe('/waiting?id=pi_1');
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        paymentMethodId: 1,
        amount: 250,
        userId: 'u2',
      });
      expect(client.getQueryData(['payments', 'pi_1'])).toEqual(completed);
    });

    it('says when the wallet balance is not enough', async () => {
      stubFetch({
        'GET /api/auth/token': token,
        'GET /api/wallets/balance': () => ok({ balance: 100 }),
        'POST /api/payments/top-up': () => ({
          status: 409,
          body: {
            statusCode: 409,
            statusMessage: 'Your wallet balance is not enough for this payment.',
            payload: { code: 'INSUFFICIENT_FUNDS' },
          },
        }),
      });
      renderRoute(Pay, { path: '/account/payment/pay', state: boostState });
      fireEvent.click(screen.getByRole('button', { name: 'Boost' }));
      await waitFor(() =>
        expect(getToasts().map((toast) => toast.message)).toContain(
          'Your wallet balance is not enough for this payment.',
        ),
      );
      expect(screen.queryByTestId('landed')).toBeNull();
    });

    it("subscribes to a plan with the API's subscribe body", async () => {
      const calls = stubFetch({
        'GET /api/auth/token': token,
        'GET /api/wallets/balance': () => ok({ balance: 900 }),
        'GET /api/subscription-packages/list': () =>
          ok([
            {
              id: 2,
              name: 'Silver',
              description: '',
              amount: 20,
              currency: 'KES',
              duration: 24,
              popular: false,
              oldId: null,
            },
          ]),
        'POST /api/payments/subscribe': () => ok({ ...intent, type: 'SUBSCRIPTION', status: 'COMPLETED' }),
      });
      renderRoute(Pay, {
        path: '/account/payment/pay',
        state: {
          type: 'SUBSCRIPTION',
          amount: 20,
          subscriptionId: '2',
          paymentMethod: 'WALLET',
          paymentMethodId: 1,
        },
      });
      expect(await screen.findByText('Subscription · Silver')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
      expect((await screen.findByTestId('landed')).textContent).toBe('/waiting?id=pi_1');
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        paymentMethodId: 1,
        subscriptionPackageId: 2,
      });
    });
  });

  it('goes back from a boost that lost its friend', async () => {
    renderRoute(Pay, {
      path: '/account/payment/pay',
      state: { type: 'BOOST', amount: 250, paymentMethod: 'WALLET', paymentMethodId: 1 },
    });
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/wallet');
  });
});
