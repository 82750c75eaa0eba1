import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { buildProfile } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { landedState, renderRoute } from '../../../test/render-route';
import { Component as Subscriptions } from './subscriptions';

const ok = (payload: unknown) => ({ status: 200, body: { statusCode: 200, statusMessage: '', payload } });
const plan = (id: number, name: string, amount: number, popular = false) => ({
  id,
  name,
  description: `Play more with ${name}.`,
  amount,
  currency: 'KES',
  duration: 24,
  popular,
  oldId: null,
});
const plans = [
  plan(1, 'Bronze', 10),
  plan(2, 'Silver', 20, true),
  plan(3, 'Gold', 50),
  plan(4, 'Platinum', 100),
];
const held = (packageId: number, expired: boolean) => ({
  id: `s${packageId}`,
  expired,
  startsAt: '2026-11-21T06:00:00.000Z',
  expiresAt: '2026-11-22T06:00:00.000Z',
  subscriptionPackage: plans[packageId - 1],
});

function stubApi(options: { plans?: unknown; mine?: unknown; failPlans?: () => boolean } = {}) {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/subscription-packages/list': () =>
      options.failPlans?.()
        ? { status: 500, body: { statusCode: 500, statusMessage: 'Something happened.', payload: {} } }
        : ok(options.plans ?? plans),
    'GET /api/subscriptions/list': () => ok(options.mine ?? []),
  });
}
const card = (name: string) => screen.getByRole('article', { name });

describe('subscriptions', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile());
  });

  it("shows the product's intro and every plan with its daily price, description and popular mark", async () => {
    stubApi();
    renderRoute(Subscriptions, { path: '/account/subscription' });
    expect(
      screen.getByText('We have several plans that you can select from and get to play limitless games.'),
    ).toBeTruthy();
    await screen.findByRole('article', { name: 'Silver' });
    expect(within(card('Silver')).getByText('kes 20.00/day')).toBeTruthy();
    expect(within(card('Silver')).getByText('Play more with Silver.')).toBeTruthy();
    expect(within(card('Silver')).getByText('Popular')).toBeTruthy();
    expect(within(card('Gold')).queryByText('Popular')).toBeNull();
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
  });

  it("marks a plan held and not expired 'Subscribed', and offers 'Choose' on the others", async () => {
    stubApi({ mine: [held(2, false), held(3, true)] });
    renderRoute(Subscriptions, { path: '/account/subscription' });
    await screen.findByRole('article', { name: 'Silver' });
    expect(within(card('Silver')).getByText('Subscribed')).toBeTruthy();
    expect(within(card('Silver')).queryByRole('button', { name: 'Choose' })).toBeNull();
    expect(within(card('Gold')).getByRole('button', { name: 'Choose' })).toBeTruthy();
    expect(within(card('Bronze')).getByRole('button', { name: 'Choose' })).toBeTruthy();
  });

  it('says when a plan the player holds ends', async () => {
    const inFiveHours = new Date(Date.now() + 5 * 3_600_000);
    stubApi({ mine: [{ ...held(1, false), expiresAt: inFiveHours.toISOString() }] });
    renderRoute(Subscriptions, { path: '/account/subscription' });
    await screen.findByRole('article', { name: 'Bronze' });
    const time = inFiveHours.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    expect(within(card('Bronze')).getByText(new RegExp(`^until ${time} (today|tomorrow)$`))).toBeTruthy();
    expect(within(card('Gold')).queryByText(/^until/)).toBeNull();
  });

  it('goes to review with the plan as a SUBSCRIPTION', async () => {
    stubApi();
    renderRoute(Subscriptions, { path: '/account/subscription' });
    await screen.findByRole('article', { name: 'Gold' });
    fireEvent.click(within(card('Gold')).getByRole('button', { name: 'Choose' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/payment/review');
    expect(landedState(screen.getByTestId('landed-state'))).toEqual({
      type: 'SUBSCRIPTION',
      amount: 50,
      subscriptionId: '3',
      flowStartPath: '/account/subscription',
    });
  });

  it('offers to try again when the plans do not load', async () => {
    let fails = true;
    stubApi({ failPlans: () => fails });
    renderRoute(Subscriptions, { path: '/account/subscription' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not load this. Check your connection and try again.',
    );
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Bronze' })).toBeTruthy();
  });

  it('says so when there are no plans', async () => {
    stubApi({ plans: [] });
    renderRoute(Subscriptions, { path: '/account/subscription' });
    expect(await screen.findByText('There are no plans at the moment.')).toBeTruthy();
  });
});
