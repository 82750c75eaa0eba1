import { messages } from '@playon/shared/messages';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { storeProfile, storeUser } from '../lib/session-store';
import { dismissToast, getToasts } from '../lib/toast';
import { buildProfile, newPlayerProfile } from '../test/factories';
import { fakeToken, stubFetch } from '../test/fetch-stub';
import * as requireAuth from './require-auth';
import * as requireCompleteProfile from './require-complete-profile';
import { welcomeRedirect } from './welcome-redirect';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

const NoFallback = () => null;

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: Outlet,
        HydrateFallback: NoFallback,
        children: [
          { index: true, loader: welcomeRedirect, Component: Where },
          { path: 'login', Component: Where },
          {
            loader: requireAuth.loader,
            Component: Outlet,
            children: [
              { path: 'profile', Component: Where },
              { path: 'referral', Component: Where },
              {
                loader: requireCompleteProfile.loader,
                Component: Outlet,
                children: [
                  { path: 'account', Component: Where },
                  { path: 'dashboard', Component: Where },
                ],
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return screen.findByTestId('where');
}

const player = { id: 'u1', email: 'amina@example.com', name: '' };

describe('route guard', () => {
  afterEach(() => {
    for (const toast of getToasts()) dismissToast(toast.id);
  });

  it('sends a visitor without a session to /login, carrying the requested location', async () => {
    stubFetch({ 'GET /api/auth/get-session': () => ({ status: 200, body: null }) });
    expect((await renderAt('/account?tab=settings')).textContent).toBe(
      `/login?redirect=${encodeURIComponent('/account?tab=settings')}`,
    );
  });

  it('sends a signed-in player with an incomplete profile to /profile with the toast', async () => {
    storeUser(player);
    storeProfile(newPlayerProfile());
    stubFetch({ 'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }) });
    expect((await renderAt('/account')).textContent).toBe('/profile');
    expect(getToasts().map((toast) => toast.message)).toContain(messages.profileIncomplete);
  });

  it('lets an incomplete profile reach the exempt referral page', async () => {
    storeUser(player);
    storeProfile(newPlayerProfile());
    expect((await renderAt('/referral')).textContent).toBe('/referral');
    expect(getToasts()).toHaveLength(0);
  });

  it('opens guarded screens for a complete profile', async () => {
    storeUser(player);
    storeProfile(buildProfile());
    expect((await renderAt('/account')).textContent).toBe('/account');
  });

  it('restores a session from the cookie in a new tab instead of asking to log in again', async () => {
    stubFetch({ 'GET /api/auth/get-session': () => ({ status: 200, body: { user: player } }) });
    expect((await renderAt('/referral')).textContent).toBe('/referral');
  });

  it('sends a player whose session has ended to /login instead of to /profile', async () => {
    storeUser(player);
    stubFetch({ 'GET /api/auth/token': () => ({ status: 401, body: null }) });
    expect((await renderAt('/account')).textContent).toBe(
      `/login?redirect=${encodeURIComponent('/account')}`,
    );
    expect(getToasts()).toHaveLength(0);
  });

  it('sends a signed-in visitor on the welcome page home', async () => {
    storeUser(player);
    storeProfile(buildProfile());
    expect((await renderAt('/')).textContent).toBe('/dashboard');
  });
});
