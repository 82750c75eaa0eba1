import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProfile } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { Component as SignIn } from './sign-in';

const user = { id: 'o1', email: 'boss@example.com', name: 'Boss' };

describe("the console's sign-in", () => {
  it("is the console's own page, not the player's login", () => {
    stubFetch({});
    renderRoute(SignIn, { path: '/ops/sign-in' });
    expect(screen.getByRole('heading', { name: 'Operator console' })).toBeTruthy();
    expect(screen.queryByText('Log in to keep playing.')).toBeNull();
    expect(screen.queryByRole('button', { name: /Google|Facebook/ })).toBeNull();
  });

  it('names what is missing, says a refusal, and once signed in opens the console page asked for', async () => {
    let refuse = true;
    const calls = stubFetch({
      'POST /api/auth/sign-in/email': () =>
        refuse
          ? { status: 401, body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } }
          : { status: 200, body: { user } },
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/auth/login': () => ({
        status: 200,
        body: { statusCode: 200, statusMessage: 'OK', payload: buildProfile() },
      }),
    });
    const { router } = renderRoute(SignIn, {
      path: '/ops/sign-in',
      url: '/ops/sign-in?redirect=%2Fops%2Fpayments%2Fopen%3Fminutes%3D15',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your e-mail.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'boss@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expect
      .poll(() => router.state.location.pathname + router.state.location.search)
      .toBe('/ops/payments/open?minutes=15');
  });

  it('goes to the console, never elsewhere, whatever the address asks', async () => {
    stubFetch({
      'POST /api/auth/sign-in/email': () => ({ status: 200, body: { user } }),
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/auth/login': () => ({
        status: 200,
        body: { statusCode: 200, statusMessage: 'OK', payload: buildProfile() },
      }),
    });
    const { router } = renderRoute(SignIn, { path: '/ops/sign-in', url: '/ops/sign-in?redirect=%2Fwallet' });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'boss@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expect.poll(() => router.state.location.pathname).toBe('/ops');
  });
});
