import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { landedState, renderRoute } from '../../../test/render-route';
import { Component as Amount } from './amount';

const tap = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const display = () => screen.getByTestId('amount-display').textContent;

describe('enter amount', () => {
  it('appends digits, ignores a leading zero, removes the last digit, and shows kes live', () => {
    renderRoute(Amount, { path: '/account/payment/amount', state: { type: 'TOPUP', userId: 'p1' } });
    expect(display()).toBe('kes0.00');
    tap('0');
    tap('1');
    tap('2');
    tap('0');
    tap('5');
    expect(display()).toBe('kes1,205.00');
    tap('Delete last digit');
    expect(display()).toBe('kes120.00');
  });

  it('has no decimal key and no Review until there is an amount', () => {
    renderRoute(Amount, { path: '/account/payment/amount', state: { type: 'WITHDRAWAL', userId: 'p1' } });
    expect(screen.queryByRole('button', { name: '.' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Review' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('goes to review with the type, the player and the whole-shilling amount', async () => {
    renderRoute(Amount, { path: '/account/payment/amount', state: { type: 'WITHDRAWAL', userId: 'p1' } });
    tap('5');
    tap('0');
    tap('0');
    tap('Review');
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/payment/review');
    expect(landedState(screen.getByTestId('landed-state'))).toEqual({
      type: 'WITHDRAWAL',
      userId: 'p1',
      amount: 500,
    });
  });

  it('shows the balance available before a withdrawal is typed', async () => {
    stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/wallets/balance': () => ({
        status: 200,
        body: { statusCode: 200, statusMessage: '', payload: { balance: 1234.5 } },
      }),
    });
    renderRoute(Amount, { path: '/account/payment/amount', state: { type: 'WITHDRAWAL', userId: 'p1' } });
    expect(await screen.findByText('Available in your wallet: kes 1,234.50')).toBeTruthy();
  });

  it('sends a visit without a type to the wallet', async () => {
    renderRoute(Amount, { path: '/account/payment/amount' });
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/wallet');
  });
});
