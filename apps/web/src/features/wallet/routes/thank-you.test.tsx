import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
  ])('thanks the player for a %s in the words of the spec', (type, heading, message) => {
    renderRoute(ThankYou, { path: '/account/payment/thank-you', state: { type, amount: 50 } });
    expect(screen.getByRole('heading').textContent).toBe(heading);
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('takes the player to the wallet', async () => {
    renderRoute(ThankYou, { path: '/account/payment/thank-you', state: { type: 'TOPUP', amount: 50 } });
    fireEvent.click(screen.getByRole('button', { name: 'View wallet' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/wallet');
  });
});
