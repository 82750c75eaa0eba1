import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import { buildProfile } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { landedState, renderRoute } from '../../../test/render-route';
import { Component as PayAirtime } from './pay-airtime';

const bronzeByAirtime = {
  type: 'SUBSCRIPTION',
  amount: 10,
  subscriptionId: '1',
  paymentMethod: 'SAFARICOM_CREDIT',
  paymentMethodId: 4,
};
const intent = {
  id: 'pi_7',
  status: 'PENDING',
  type: 'SUBSCRIPTION',
  amount: 10,
  fee: 0,
  message: null,
  createdAt: '2026-11-21T06:00:00.000Z',
  updatedAt: '2026-11-21T06:00:00.000Z',
};
const phoneField = () => screen.getByLabelText('Safaricom phone number') as HTMLInputElement;

describe('subscribing with Safaricom airtime', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile({ phone: '0712345678' }));
  });
  afterEach(() => {
    for (const toast of getToasts()) dismissToast(toast.id);
  });

  it("says what will happen in the product's words, with the amount and the profile's phone", () => {
    renderRoute(PayAirtime, { path: '/account/payment/pay/airtime', state: bronzeByAirtime });
    expect(
      screen.getByText(
        'You are about to subscribe to 10.00 Kes/Daily package to be deducted directly from your Safaricom airtime. (expires after 24hours)',
      ),
    ).toBeTruthy();
    expect(phoneField().value).toBe('0712345678');
    expect(screen.getByRole('button', { name: "Let's do it" })).toBeTruthy();
  });

  it('checks the phone before charging anything', async () => {
    const calls = stubFetch({ 'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }) });
    renderRoute(PayAirtime, { path: '/account/payment/pay/airtime', state: bronzeByAirtime });
    fireEvent.input(phoneField(), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: "Let's do it" }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please enter a valid Safaricom number, like 0712 345 678.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('subscribes with the airtime method and the phone, then waits for the result', async () => {
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'POST /api/payments/subscribe': () => ({
        status: 200,
        body: { statusCode: 200, statusMessage: '', payload: intent },
      }),
    });
    renderRoute(PayAirtime, { path: '/account/payment/pay/airtime', state: bronzeByAirtime });
    fireEvent.input(phoneField(), { target: { value: '0722 000 111' } });
    fireEvent.click(screen.getByRole('button', { name: "Let's do it" }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/waiting?id=pi_7');
    expect(landedState(screen.getByTestId('landed-state'))).toEqual({
      id: 'pi_7',
      type: 'SUBSCRIPTION',
      amount: 10,
    });
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      paymentMethodId: 4,
      subscriptionPackageId: 1,
      mpesaPhoneNumber: '254722000111',
    });
    expect(post?.headers['Idempotency-Key']).toBeTruthy();
  });

  it('goes back when it is not an airtime subscription', async () => {
    renderRoute(PayAirtime, {
      path: '/account/payment/pay/airtime',
      state: { ...bronzeByAirtime, paymentMethod: 'MPESA', paymentMethodId: 2 },
    });
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/subscription');
  });
});
