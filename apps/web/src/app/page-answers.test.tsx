import { PAGE_ANSWERS_ID, type PageAnswers } from '@playon/shared/first-screens';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as Wallet } from '../features/wallet/routes/wallet';
import { forgetAccessToken } from '../lib/auth-token';
import { dropEarly } from '../lib/early-requests';
import { setLanguage } from '../lib/language';
import { readProfile, readUser } from '../lib/session-store';
import { startFromPage } from '../lib/start-from-page';
import { buildProfile } from '../test/factories';
import { fakeToken, stubFetch } from '../test/fetch-stub';
import * as requireAuth from './require-auth';
import * as requireCompleteProfile from './require-complete-profile';
import { sendBootRequests } from './screens';

// A signed-in player's first screen starts from what the server answered in its page (ADR 0064).

const profile = buildProfile();
const user = { id: 'u1', email: profile.email, name: profile.name ?? '' };
const ok = (payload: unknown) => ({ status: 200, body: { statusCode: 200, statusMessage: 'OK', payload } });

function answers(language = 'en'): PageAnswers {
  return {
    language,
    session: { status: 200, body: { session: { id: 's1' }, user } },
    login: ok(profile),
    data: {
      '/api/wallets/balance': ok({ balance: 1234.5 }),
      '/api/wallets/list': ok([]),
      '/api/profile/notifications': ok([]),
    },
  };
}

/** The page as the server sends it to the session's player: the token, then the answers. */
function servePage(token: string | null, pageAnswers: PageAnswers) {
  if (token) {
    const meta = document.createElement('meta');
    meta.name = 'playon-access-token';
    meta.content = token;
    document.head.append(meta);
  }
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_ANSWERS_ID;
  script.textContent = JSON.stringify(pageAnswers).replaceAll('<', '\\u003c');
  document.head.append(script);
}

/** The wallet behind both guards, as routes.tsx nests it, in a fresh query cache. */
function openWallet() {
  const router = createMemoryRouter(
    [
      {
        loader: requireAuth.loader,
        Component: Outlet,
        HydrateFallback: () => null,
        children: [
          {
            loader: requireCompleteProfile.loader,
            Component: Outlet,
            children: [{ path: 'account/wallet', Component: Wallet }],
          },
        ],
      },
      { path: 'login', Component: () => <p>login screen</p> },
    ],
    { initialEntries: ['/account/wallet'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

const boot = () => sendBootRequests('/account/wallet', { hasUser: false, hasProfile: false });

describe("a signed-in first screen's page answers", () => {
  afterEach(() => {
    dropEarly();
    forgetAccessToken();
    document.head.replaceChildren();
    setLanguage('en', { remember: false });
  });

  it('start the guards and the screen with no request at all', async () => {
    const calls = stubFetch({});
    servePage(fakeToken(), answers());
    boot();
    const client = openWallet();
    expect((await screen.findByTestId('balance')).textContent).toBe('kes1,234.50');
    expect(await screen.findByText(/^No transactions yet\./)).toBeTruthy();
    expect(client.getQueryData(['wallet', 'balance'])).toBe(1234.5);
    expect(readUser()?.email).toBe(profile.email);
    expect(readProfile()?.uid).toBe(profile.uid);
    expect(calls).toEqual([]);
    // Taken out of the page at once, like the token.
    expect(document.getElementById(PAGE_ANSWERS_ID)).toBeNull();
  });

  it('are asked for again when they were answered in another language than the app speaks', async () => {
    const calls = stubFetch({
      'GET /api/auth/get-session': () => ({ status: 200, body: { session: { id: 's1' }, user } }),
      'GET /api/auth/login': () => ok(profile),
      'GET /api/wallets/balance': () => ok({ balance: 20 }),
      'GET /api/wallets/list': () => ok([]),
      'GET /api/profile/notifications': () => ok([]),
    });
    servePage(fakeToken(), answers('sw'));
    boot();
    openWallet();
    expect((await screen.findByTestId('balance')).textContent).toBe('kes20.00');
    expect(calls.map((call) => call.path)).toEqual(
      expect.arrayContaining(['/api/auth/get-session', '/api/auth/login', '/api/wallets/balance']),
    );
  });

  it('are not taken without the token they were asked with', async () => {
    const calls = stubFetch({
      'GET /api/auth/get-session': () => ({ status: 200, body: null }),
      'GET /api/auth/token': () => ({ status: 401, body: null }),
    });
    servePage(null, answers());
    boot();
    openWallet();
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain('/api/auth/get-session');
    expect(readProfile()).toBeNull();
  });

  it("give the screen's queries their first data at once, so its first render is its content", () => {
    stubFetch({});
    servePage(fakeToken(), answers());
    boot();
    const balance = startFromPage('/wallets/balance', (payload: { balance: number }) => payload.balance);
    expect(balance.initialData()).toBe(1234.5);
    expect(balance.initialDataUpdatedAt()).toBeLessThanOrEqual(Date.now());
    expect(startFromPage('/wallets/list').initialData()).toEqual([]);
    // Not what the page did not carry, and nothing once the session changes.
    expect(startFromPage('/events').initialData()).toBeUndefined();
    dropEarly();
    expect(balance.initialData()).toBeUndefined();
  });

  it('give nothing at once when answered in another language', () => {
    stubFetch({});
    servePage(fakeToken(), answers('sw'));
    boot();
    expect(startFromPage('/wallets/list').initialData()).toBeUndefined();
  });
});
