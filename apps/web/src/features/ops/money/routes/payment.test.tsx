import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../../lib/session-store';
import { ok } from '../../../../test/factories';
import { fakeToken, stubFetch } from '../../../../test/fetch-stub';
import { renderRoute } from '../../../../test/render-route';
import { Component as Payment } from './payment';

const id = '0af0519b-858b-4b4b-9769-4b13e4618410';

describe('a payment in the console', () => {
  it('links its payer and the wallet it moves to their players’ pages', async () => {
    storeUser({ id: 'u1', email: 'fin@example.com', name: '' });
    stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      [`GET /api/ops/money/payments/${id}`]: () =>
        ok({
          payment: {
            id,
            type: 'BOOST',
            method: 'MPESA',
            status: 'COMPLETED',
            amount: 50,
            fee: 0,
            phone: '254712345678',
            payerUid: 'payer-1',
            payerEmail: 'wanjiru@example.com',
            walletUid: 'friend-2',
            receipt: 'QK12AB',
            message: null,
            refundOf: null,
            refunded: 0,
            createdAt: '2026-11-29T08:00:00.000Z',
            updatedAt: '2026-11-29T08:00:05.000Z',
            providerCompletedAt: '2026-11-29T08:00:05.000Z',
          },
          timeline: [],
          refunds: [],
          refundable: 0,
          canAskProvider: false,
          refundToWalletAllowed: false,
          refundToCardAllowed: false,
        }),
    });
    renderRoute(Payment, { path: '/ops/payments/:id', url: `/ops/payments/${id}` });
    const payer = await screen.findByRole('link', { name: /wanjiru@example\.com/ });
    expect(payer.getAttribute('href')).toBe('/ops/players/payer-1');
    expect(screen.getByRole('link', { name: 'friend-2' }).getAttribute('href')).toBe('/ops/players/friend-2');
  });
});
