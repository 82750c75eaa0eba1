import { messages } from '@playon/shared/messages';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { readProfile } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import { buildProfile } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { Component as Login } from './login';

function Landed() {
  return <p data-testid="landed">{useLocation().pathname}</p>;
}

function renderLogin(path = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: Login },
      { path: '/register', Component: Login },
      { path: '*', Component: Landed },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

const toastMessages = () => getToasts().map((toast) => toast.message);
const noSession = { 'GET /api/auth/get-session': () => ({ status: 200, body: null }) };
const user = { id: 'u1', email: 'amina@example.com', name: '' };

function fill(email: string, password: string) {
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: password } });
}

/** The login check's answer for an account just created. */
const profileCreated = () => ({
  status: 201,
  body: { statusCode: 201, statusMessage: 'Created', payload: buildProfile() },
});

/** Signs up on /register; a new account lands on the referral page. */
async function signUpToReferral() {
  renderLogin('/register');
  await screen.findByRole('heading', { name: 'Create account' });
  fill('amina@example.com', 'secret-pass');
  await act(async () => {
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign up' })[0] as HTMLElement);
  });
  expect((await screen.findByTestId('landed')).textContent).toBe('/referral');
}

describe('login screen', () => {
  afterEach(() => {
    for (const toast of getToasts()) dismissToast(toast.id);
  });

  it("switches between 'Welcome back!' and 'Create account' with the toggle", async () => {
    stubFetch(noSession);
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Google/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Facebook/ })).toBeTruthy();
  });

  it('checks the fields with the catalogue texts before calling the identity service', async () => {
    const calls = stubFetch(noSession);
    renderLogin('/register');
    await screen.findByRole('heading', { name: 'Create account' });
    fill('amina@', '123');
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign up' })[0] as HTMLElement);
    expect(await screen.findByText('Please enter a valid email.')).toBeTruthy();
    expect(screen.getByText(messages.passwordTooShort)).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/api/auth/sign-up'))).toHaveLength(0);
  });

  it("shows the identity service's error in the product's words", async () => {
    stubFetch({
      ...noSession,
      'POST /api/auth/sign-in/email': () => ({
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      }),
    });
    renderLogin();
    await screen.findByRole('heading', { name: 'Welcome back!' });
    fill('amina@example.com', 'wrong-password');
    fireEvent.click(screen.getAllByRole('button', { name: 'Log In' })[0] as HTMLElement);
    await waitFor(() =>
      expect(toastMessages()).toContain('The password is invalid or the user does not have a password.'),
    );
  });

  it("shows the server's reason, not 'Something happened.', when sign-in is refused at this address", async () => {
    const reason = 'Sign-in is not allowed at this address. Open PlayOn at http://localhost:3000.';
    stubFetch({
      ...noSession,
      'POST /api/auth/sign-in/email': () => ({
        status: 403,
        body: { code: 'INVALID_ORIGIN', message: reason },
      }),
    });
    renderLogin();
    await screen.findByRole('heading', { name: 'Welcome back!' });
    fill('amina@example.com', 'secret123');
    fireEvent.click(screen.getAllByRole('button', { name: 'Log In' })[0] as HTMLElement);
    await waitFor(() => expect(toastMessages()).toContain(reason));
    expect(toastMessages()).not.toContain(messages.genericError);
  });

  it('maps the ?error= code a failed social sign-in comes back with', async () => {
    stubFetch(noSession);
    renderLogin('/login?error=account_not_linked');
    await screen.findByRole('heading', { name: 'Welcome back!' });
    expect(toastMessages()[0]).toMatch(/^An account already exists with the same email address/);
  });

  it('logs an existing player in, stores the profile and goes to the dashboard', async () => {
    stubFetch({
      ...noSession,
      'POST /api/auth/sign-in/email': () => ({ status: 200, body: { user } }),
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/auth/login': () => ({
        status: 200,
        body: { statusCode: 200, statusMessage: 'OK', payload: buildProfile() },
      }),
    });
    renderLogin();
    await screen.findByRole('heading', { name: 'Welcome back!' });
    fill('amina@example.com', 'secret-pass');
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Log In' })[0] as HTMLElement);
    });
    expect((await screen.findByTestId('landed')).textContent).toBe('/dashboard');
    expect(readProfile()?.username).toBe('amina');
    expect(toastMessages()).toContain(messages.loggedIn);
  });

  it('sends a new account to the referral page, or back where the player was going', async () => {
    stubFetch({
      ...noSession,
      'POST /api/auth/sign-up/email': ({ body }) => {
        expect(body).toMatchObject({ name: '' });
        return { status: 200, body: { user } };
      },
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/auth/login': profileCreated,
    });
    await signUpToReferral();
  });

  it('runs the login check with the token the sign-up answer carried, without asking /token for one', async () => {
    const issued = fakeToken();
    const calls = stubFetch({
      ...noSession,
      'POST /api/auth/sign-up/email': () => ({
        status: 200,
        body: { user },
        headers: { 'set-auth-jwt': issued },
      }),
      'GET /api/auth/login': profileCreated,
    });
    await signUpToReferral();
    const loginCheck = calls.find((call) => call.path === '/api/auth/login');
    expect(loginCheck?.headers.Authorization).toBe(`Bearer ${issued}`);
    expect(calls.filter((call) => call.path === '/api/auth/token')).toHaveLength(0);
  });

  it('finishes a social sign-in that came back with a session, going to the requested page', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => ({ status: 200, body: { user, session: {} } }),
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/auth/login': () => ({
        status: 200,
        body: { statusCode: 200, statusMessage: 'OK', payload: buildProfile() },
      }),
    });
    renderLogin(`/login?redirect=${encodeURIComponent('/account')}`);
    expect((await screen.findByTestId('landed')).textContent).toBe('/account');
  });
});
