import type { WalletTransaction } from '@playon/shared/wallet';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/language';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { buildProfile } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { landedState, renderRoute } from '../../../test/render-route';
import { Component as Wallet } from './wallet';

const ok = (payload: unknown) => ({ status: 200, body: { statusCode: 200, statusMessage: '', payload } });
const token = () => ({ status: 200, body: { token: fakeToken() } });

function transaction(overrides: Partial<WalletTransaction>): WalletTransaction {
  return {
    id: 't1',
    userId: 'p1',
    transactionDesc: 'Top up',
    transactionDescId: 'TOPUP_WALLET',
    payment: { successful: true, mpesaTransactionDate: null },
    payout: null,
    amount: 100,
    direction: 'CREDIT',
    walletEffect: 'MOVES',
    paidWith: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

const daysAgo = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() - days);
  date.setHours(12, 0, 0, 0);
  return date.toISOString();
};

describe('wallet', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile({ id: 'p1' }));
  });

  it("asks for the history in the app's language and shows its descriptions as the server said them", async () => {
    setLanguage('sw', { remember: false });
    try {
      const calls = stubFetch({
        'GET /api/auth/token': token,
        'GET /api/wallets/balance': () => ok({ balance: 100 }),
        'GET /api/wallets/list': ({ headers }) =>
          ok([
            transaction({
              id: 'a',
              transactionDesc: headers['Accept-Language'] === 'sw' ? 'Kuweka pesa kutoka M-Pesa' : 'Top up',
              createdAt: daysAgo(0),
            }),
          ]),
      });
      renderRoute(Wallet, { path: '/account/wallet' });
      expect((await screen.findByText(/^Kuweka pesa kutoka/)).textContent).toBe('Kuweka pesa kutoka M-Pesa');
      expect(calls.find((call) => call.path === '/api/wallets/list')?.headers['Accept-Language']).toBe('sw');
    } finally {
      setLanguage('en', { remember: false });
    }
  });

  it('shows the balance in kes with two decimals and the history grouped by day, credits green with +', async () => {
    stubFetch({
      'GET /api/auth/token': token,
      'GET /api/wallets/balance': () => ok({ balance: 1234.5 }),
      'GET /api/wallets/list': () =>
        ok([
          transaction({ id: 'a', transactionDesc: 'Top up', amount: 500, createdAt: daysAgo(0) }),
          transaction({
            id: 'b',
            transactionDesc: 'Withdrawal',
            transactionDescId: 'WITHDRAWAL',
            direction: 'DEBIT',
            payment: null,
            payout: { successful: true, transactionCompletedDateTime: daysAgo(1) },
            amount: 250,
            createdAt: daysAgo(1),
          }),
          transaction({
            id: 'c',
            transactionDesc: 'Failed top up',
            payment: { successful: false, mpesaTransactionDate: null },
            createdAt: daysAgo(1),
          }),
          transaction({ id: 'd', transactionDesc: 'No legs', payment: null, createdAt: daysAgo(1) }),
          transaction({ id: 'e', transactionDesc: 'Boost received', amount: 40, createdAt: daysAgo(9) }),
        ]),
    });
    renderRoute(Wallet, { path: '/account/wallet' });
    expect((await screen.findByTestId('balance')).textContent).toBe('kes1,234.50');
    const today = await screen.findByRole('region', { name: 'today' });
    expect(within(today).getByText('+ kes 500.00').className).toContain('text-ok');
    const yesterday = screen.getByRole('region', { name: 'yesterday' });
    expect(within(yesterday).getByText('\u2212 kes 250.00')).toBeTruthy();
    expect(within(yesterday).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('Failed top up')).toBeNull();
    expect(screen.queryByText('No legs')).toBeNull();
    expect(screen.getAllByRole('region')).toHaveLength(3);
    expect(screen.getByText('Today')).toBeTruthy();
    expect(screen.getByText('Yesterday')).toBeTruthy();
  });

  it('signs what moved the wallet, marks what M-Pesa, card or airtime paid, and closes each day on a balance that adds up', async () => {
    stubFetch({
      'GET /api/auth/token': token,
      'GET /api/wallets/balance': () => ok({ balance: 775 }),
      'GET /api/wallets/list': () =>
        ok([
          transaction({
            id: 'held',
            transactionDesc: 'Withdrawal to M-Pesa',
            fee: 5,
            transactionDescId: 'WITHDRAWAL',
            direction: 'DEBIT',
            walletEffect: 'HELD',
            payment: null,
            payout: { successful: false, transactionCompletedDateTime: null },
            amount: 105,
            createdAt: daysAgo(0),
          }),
          transaction({
            id: 'gold',
            transactionDesc: 'Gold package from M-Pesa',
            transactionDescId: 'SUBSCRIPTION',
            direction: 'DEBIT',
            walletEffect: 'NONE',
            paidWith: 'MPESA',
            amount: 50,
            createdAt: daysAgo(0),
          }),
          transaction({
            id: 'bronze',
            transactionDesc: 'Bronze package with airtime',
            transactionDescId: 'SUBSCRIPTION',
            direction: 'DEBIT',
            walletEffect: 'NONE',
            paidWith: 'SAFARICOM_CREDIT',
            amount: 10,
            createdAt: daysAgo(0),
          }),
          transaction({
            id: 'silver',
            transactionDesc: 'Silver package',
            transactionDescId: 'SUBSCRIPTION',
            direction: 'DEBIT',
            amount: 20,
            createdAt: daysAgo(1),
          }),
          transaction({
            id: 'topup',
            transactionDesc: 'Top up from M-Pesa',
            amount: 900,
            createdAt: daysAgo(1),
          }),
        ]),
    });
    renderRoute(Wallet, { path: '/account/wallet' });
    const today = await screen.findByRole('region', { name: 'today' });
    const row = (label: string) => {
      const found = within(today)
        .getAllByRole('listitem')
        .find((item) => item.querySelector('p.break-words')?.textContent === label);
      if (!found) throw new Error(`No row ${label}`);
      return found;
    };
    // Paid from outside: no sign, a neutral colour, and the words say how.
    expect(within(row('Gold package from M-Pesa')).getByText('kes 50.00').className).toContain('text-muted');
    expect(within(row('Gold package from M-Pesa')).getByText('Paid by M-Pesa')).toBeTruthy();
    expect(within(row('Bronze package with airtime')).getByText('Paid by airtime')).toBeTruthy();
    expect(within(row('Bronze package with airtime')).queryByText(/−/)).toBeNull();
    // A withdrawal on its way has already left the balance.
    const held = row('Withdrawal to M-Pesa');
    expect(within(held).getByText('− kes 105.00')).toBeTruthy();
    expect(
      within(held).getByText(/^\d\d:\d\d · fee kes 5\.00 included · on its way to M-Pesa$/),
    ).toBeTruthy();
    // 880 at yesterday's close, less the 105 held today, is the 775 now.
    expect(await within(today).findByText('Balance kes 775.00')).toBeTruthy();
    const yesterday = screen.getByRole('region', { name: 'yesterday' });
    expect(within(yesterday).getByText('Balance kes 880.00')).toBeTruthy();
    expect(within(yesterday).getByText('− kes 20.00')).toBeTruthy();
    expect(within(yesterday).getByText('+ kes 900.00')).toBeTruthy();
  });

  it('says so when there is no history yet, and starts a top-up for this player', async () => {
    stubFetch({
      'GET /api/auth/token': token,
      'GET /api/wallets/balance': () => ok({ balance: 0 }),
      'GET /api/wallets/list': () => ok([]),
    });
    renderRoute(Wallet, { path: '/account/wallet' });
    expect(await screen.findByText('No transactions yet. Top up to get started.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/payment/amount');
    expect(landedState(screen.getByTestId('landed-state'))).toEqual({ type: 'TOPUP', userId: 'u1' });
  });

  it('offers a retry when the history cannot load', async () => {
    let fails = true;
    stubFetch({
      'GET /api/auth/token': token,
      'GET /api/wallets/balance': () => ok({ balance: 10 }),
      'GET /api/wallets/list': () =>
        fails
          ? { status: 500, body: { statusCode: 500, statusMessage: 'Something happened.', payload: {} } }
          : ok([]),
    });
    renderRoute(Wallet, { path: '/account/wallet' });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    fails = false;
    expect(await screen.findByText('No transactions yet. Top up to get started.')).toBeTruthy();
  });
});
