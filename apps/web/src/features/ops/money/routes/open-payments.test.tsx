import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../../lib/session-store';
import { ok } from '../../../../test/factories';
import { fakeToken, stubFetch } from '../../../../test/fetch-stub';
import { renderRoute } from '../../../../test/render-route';
import { Component as OpenPayments } from './open-payments';

describe('payments open a while', () => {
  it('asks for the minutes in the address, says when none is open, and keeps the choice in the address', async () => {
    storeUser({ id: 'u1', email: 'fin@example.com', name: '' });
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/ops/money/payments/open': () => ok({ items: [], total: 0, page: 1, pageSize: 25 }),
    });
    const { router } = renderRoute(OpenPayments, {
      path: '/ops/payments/open',
      url: '/ops/payments/open?minutes=15',
    });
    expect(await screen.findByText('No payment has been open for more than 15 minutes.')).toBeTruthy();
    expect(new URLSearchParams(calls.at(-1)?.query).get('minutes')).toBe('15');

    fireEvent.change(screen.getByLabelText('Open for more than'), { target: { value: '60' } });
    expect(await screen.findByText('No payment has been open for more than 60 minutes.')).toBeTruthy();
    expect(router.state.location.search).toBe('?minutes=60');
    expect(new URLSearchParams(calls.at(-1)?.query).get('minutes')).toBe('60');
  });
});
