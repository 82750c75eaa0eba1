import { UTM_SOURCE_STORAGE_KEY } from '@playon/shared/storage-keys';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import { buildProfile } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { Component as Referral } from './referral';

function Landed() {
  return <p data-testid="landed">{useLocation().pathname}</p>;
}

function renderReferral() {
  const router = createMemoryRouter(
    [
      { path: '/referral', Component: Referral },
      { path: '*', Component: Landed },
    ],
    { initialEntries: ['/referral'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('referral page', () => {
  afterEach(() => {
    for (const toast of getToasts()) dismissToast(toast.id);
  });

  it('goes to the dashboard without calling the server when no code is entered', async () => {
    const calls = stubFetch({});
    renderReferral();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/dashboard');
    expect(calls).toHaveLength(0);
  });

  it('prefills the campaign source, submits it once while in flight, and toasts the server message', async () => {
    localStorage.setItem(UTM_SOURCE_STORAGE_KEY, 'RAFIKI7');
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile());
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'POST /api/referrals': () => ({
        status: 200,
        body: { statusCode: 200, statusMessage: 'Referral code applied. Welcome to PlayOn!', payload: {} },
      }),
    });
    renderReferral();
    expect((screen.getByPlaceholderText('Enter referral code (optional)') as HTMLInputElement).value).toBe(
      'RAFIKI7',
    );
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    fireEvent.click(continueButton);
    fireEvent.click(continueButton);
    expect((await screen.findByTestId('landed')).textContent).toBe('/dashboard');
    expect(calls.filter((call) => call.path === '/api/referrals')).toHaveLength(1);
    expect(calls.find((call) => call.path === '/api/referrals')?.body).toEqual({ referralCode: 'RAFIKI7' });
    await waitFor(() =>
      expect(getToasts().map((t) => t.message)).toContain('Referral code applied. Welcome to PlayOn!'),
    );
  });

  it("toasts the server's refusal and stays", async () => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile());
    stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'POST /api/referrals': () => ({
        status: 404,
        body: {
          statusCode: 404,
          statusMessage: 'That referral code does not exist.',
          payload: { code: 'NOT_FOUND' },
        },
      }),
    });
    renderReferral();
    fireEvent.input(screen.getByLabelText('Referral code'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.message)).toContain('That referral code does not exist.'),
    );
    expect(screen.queryByTestId('landed')).toBeNull();
  });
});
