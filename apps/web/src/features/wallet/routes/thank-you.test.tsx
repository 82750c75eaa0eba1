import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route';
import { Component as ThankYou } from './thank-you';

describe('thank-you', () => {
  it.each([
    ['WITHDRAWAL', 'Thank you!', 'Funds withdrawn successfully!'],
    ['TOPUP', 'Thank you!', 'Top up request was processed successfully!'],
    [
      'BOOST',
      'Yeah, friend boosted!',
      "You just boosted your friend kes 50.00. That's what friends are for!",
    ],
    [
      'SUBSCRIPTION',
      'Thank you!',
      'Your subscription request has been processed successfully for kes 50.00/day',
    ],
  ])("thanks the player for a %s in the product's words", (type, heading, message) => {
    renderRoute(ThankYou, { path: '/account/payment/thank-you', state: { type, amount: 50 } });
    expect(screen.getByRole('heading').textContent).toBe(heading);
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('takes the player to the wallet', async () => {
    renderRoute(ThankYou, { path: '/account/payment/thank-you', state: { type: 'TOPUP', amount: 50 } });
    fireEvent.click(screen.getByRole('button', { name: 'View wallet' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/wallet');
  });

  describe('at the end of a flow', () => {
    afterEach(() => window.history.replaceState(null, ''));

    it('goes back to the wallet entry the flow started from, so back cannot reach the spent payment screen', async () => {
      const paths = [
        '/dashboard',
        '/account/wallet',
        '/account/payment/amount',
        '/account/payment/review',
        '/account/payment/pay',
      ];
      const router = createMemoryRouter(
        [
          { path: '/account/payment/thank-you', Component: ThankYou },
          { path: '*', Component: () => <p data-testid="at" /> },
        ],
        {
          initialEntries: [
            ...paths,
            { pathname: '/account/payment/thank-you', state: { type: 'TOPUP', amount: 50, flowStart: 1 } },
          ],
          initialIndex: 5,
        },
      );
      // The browser router keeps the entry's index in history.state; the memory router does not.
      window.history.replaceState({ idx: 5 }, '');
      render(
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'View wallet' }));
      await screen.findByTestId('at');
      expect(router.state.location.pathname).toBe('/account/wallet');
      expect(router.state.historyAction).toBe('POP');
    });

    it('ends a boost at the wallet in place of the boost screen it started from', async () => {
      const paths = ['/dashboard', '/account/boost', '/account/payment/amount', '/account/payment/review'];
      const router = createMemoryRouter(
        [
          { path: '/account/payment/thank-you', Component: ThankYou },
          { path: '*', Component: () => <p data-testid="at" /> },
        ],
        {
          initialEntries: [
            ...paths,
            {
              pathname: '/account/payment/thank-you',
              state: { type: 'BOOST', amount: 50, flowStart: 1, flowStartPath: '/account/boost' },
            },
          ],
          initialIndex: 4,
        },
      );
      window.history.replaceState({ idx: 4 }, '');
      render(
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      expect(screen.getByRole('heading').textContent).toBe('Yeah, friend boosted!');
      fireEvent.click(screen.getByRole('button', { name: 'View wallet' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/account/wallet'));
      expect(router.state.historyAction).toBe('REPLACE');
      // Back from the wallet now leaves the flow: the boost screen's entry is the wallet.
      await router.navigate(-1);
      expect(router.state.location.pathname).toBe('/dashboard');
    });
  });
});
