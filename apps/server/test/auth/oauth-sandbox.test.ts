import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pkceMatches } from '../../src/sandbox/oauth/grants.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { freePort } from '../support/payments.ts';
import { bearer } from '../support/players.ts';

let t: TestApp;
let base: string;

/** better-auth calls the provider's token and userinfo endpoints over HTTP, so this app listens. */
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: base });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t.close());

class Browser {
  cookies = new Map<string, string>();
  remember(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = (pair as string).split('=');
      if (value) this.cookies.set(name as string, value);
      else this.cookies.delete(name as string);
    }
  }
  async fetch(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    headers.set('origin', base);
    const response = await fetch(new URL(url, base), { ...init, headers, redirect: 'manual' });
    this.remember(response);
    return response;
  }
}

async function startSignIn(browser: Browser, provider: 'google' | 'facebook') {
  const start = await browser.fetch('/api/auth/sign-in/social', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider, callbackURL: '/dashboard', errorCallbackURL: '/login' }),
  });
  expect(start.status).toBe(200);
  return new URL(((await start.json()) as { url: string }).url);
}

async function pickIdentity(browser: Browser, authorizeUrl: URL, identity: Record<string, string>) {
  const page = await browser.fetch(authorizeUrl.toString());
  expect(page.status).toBe(200);
  expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  const html = await page.text();
  expect(html).not.toContain('<script');
  const form = new URLSearchParams(authorizeUrl.searchParams);
  for (const [name, value] of Object.entries(identity)) form.set(name, value);
  const chosen = await browser.fetch(authorizeUrl.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  expect(chosen.status).toBe(302);
  return new URL(chosen.headers.get('location') as string);
}

async function loginCheck(browser: Browser) {
  const tokenResponse = await browser.fetch('/api/auth/token');
  expect(tokenResponse.status).toBe(200);
  const { token } = (await tokenResponse.json()) as { token: string };
  const login = await fetch(`${base}/api/auth/login`, { headers: bearer(token) });
  return { status: login.status, body: (await login.json()) as { payload: Record<string, unknown> } };
}

describe('signing in with the sandbox Google', () => {
  it('walks authorize → code → callback → session → token → login check', async () => {
    const browser = new Browser();
    const authorizeUrl = await startSignIn(browser, 'google');
    expect(authorizeUrl.pathname).toBe('/sandbox/oauth/google/authorize');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');

    const callback = await pickIdentity(browser, authorizeUrl, { preset: 'sandbox-amina' });
    expect(callback.pathname).toBe('/api/auth/callback/google');
    expect(callback.searchParams.get('state')).toBe(authorizeUrl.searchParams.get('state'));

    const landed = await browser.fetch(callback.pathname + callback.search);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe('/dashboard');

    const login = await loginCheck(browser);
    expect(login.status).toBe(201);
    expect(login.body.payload).toMatchObject({ email: 'amina.wanjiru@example.com', name: 'Amina Wanjiru' });
  });
});

describe('signing in with the sandbox Facebook', () => {
  it('takes a typed identity and keeps it across sign-ins', async () => {
    const first = new Browser();
    const callback = await pickIdentity(first, await startSignIn(first, 'facebook'), {
      name: 'Wanjiku Kamau',
      email: 'wanjiku@example.com',
    });
    await first.fetch(callback.pathname + callback.search);
    const login = await loginCheck(first);
    expect(login.body.payload).toMatchObject({ email: 'wanjiku@example.com', name: 'Wanjiku Kamau' });

    const again = new Browser();
    const secondCallback = await pickIdentity(again, await startSignIn(again, 'facebook'), {
      name: 'Wanjiku Kamau',
      email: 'wanjiku@example.com',
    });
    await again.fetch(secondCallback.pathname + secondCallback.search);
    const secondLogin = await loginCheck(again);
    expect(secondLogin.status).toBe(200);
    expect(secondLogin.body.payload.uid).toBe(login.body.payload.uid);
  });
});

describe('the sandbox provider speaks OAuth 2.0 strictly', () => {
  const client = () => t.config.sandboxOAuthClient;
  const redirectUri = () => `${base}/api/auth/callback/google`;

  async function issueCode(extra: Record<string, string> = {}) {
    const form = new URLSearchParams({
      response_type: 'code',
      client_id: client().clientId,
      redirect_uri: redirectUri(),
      state: 's1',
      preset: 'sandbox-brian',
      ...extra,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/sandbox/oauth/google/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(response.statusCode).toBe(302);
    return new URL(response.headers.location as string).searchParams.get('code') as string;
  }

  const exchange = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/oauth/google/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        redirect_uri: redirectUri(),
        client_id: client().clientId,
        client_secret: client().clientSecret,
        ...fields,
      }).toString(),
    });

  it('refuses an unregistered redirect_uri or client on the authorize page', async () => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: client().clientId,
      redirect_uri: 'https://evil.example/cb',
    });
    const badRedirect = await t.app.inject({
      method: 'GET',
      url: `/sandbox/oauth/google/authorize?${query}`,
    });
    expect(badRedirect.statusCode).toBe(400);
    query.set('redirect_uri', redirectUri());
    query.set('client_id', 'someone-else');
    expect(
      (await t.app.inject({ method: 'GET', url: `/sandbox/oauth/google/authorize?${query}` })).statusCode,
    ).toBe(400);
  });

  it('trades a code once, for a token that reads the Google-shaped profile', async () => {
    const code = await issueCode();
    const first = await exchange({ code });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const userinfo = await t.app.inject({
      method: 'GET',
      url: '/sandbox/oauth/google/userinfo',
      headers: bearer(first.json().access_token),
    });
    expect(userinfo.json()).toMatchObject({ sub: 'sandbox-brian', email: 'brian.otieno@example.com' });
    const replay = await exchange({ code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
  });

  it('authenticates the client by Basic header too, and refuses a wrong secret', async () => {
    const code = await issueCode();
    const wrong = await exchange({ code, client_secret: 'wrong' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    const basic = Buffer.from(`${client().clientId}:${client().clientSecret}`).toString('base64');
    const viaHeader = await t.app.inject({
      method: 'POST',
      url: '/sandbox/oauth/google/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri(),
      }).toString(),
    });
    expect(viaHeader.statusCode).toBe(200);
  });

  it('checks the PKCE verifier against the challenge', async () => {
    const verifier = 'a'.repeat(43);
    const challenge = Buffer.from(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)),
    ).toString('base64url');
    expect(pkceMatches(challenge, 'S256', verifier)).toBe(true);
    const code = await issueCode({ code_challenge: challenge, code_challenge_method: 'S256' });
    expect((await exchange({ code, code_verifier: 'b'.repeat(43) })).statusCode).toBe(400);
    expect((await exchange({ code, code_verifier: verifier })).statusCode).toBe(200);
  });

  it('refuses userinfo without a valid token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/sandbox/oauth/google/userinfo',
      headers: bearer('nope'),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('with real Google credentials configured', () => {
  it('sends players to Google itself and stops simulating it, while Facebook stays in the sandbox', async () => {
    const real = await createTestApp({ GOOGLE_CLIENT_ID: 'real-id', GOOGLE_CLIENT_SECRET: 'real-secret' });
    try {
      const start = await real.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        payload: { provider: 'google', callbackURL: '/dashboard' },
      });
      const url = new URL(start.json().url);
      expect(url.origin).toBe('https://accounts.google.com');
      expect(url.searchParams.get('client_id')).toBe('real-id');
      expect(real.app.printRoutes()).toContain('sandbox/');
      const simulated = await real.app.inject({ method: 'GET', url: '/sandbox/oauth/google/authorize' });
      expect(simulated.statusCode).toBe(404);
      const csp = (await real.app.inject({ method: 'GET', url: '/api/health' })).headers[
        'content-security-policy'
      ];
      expect(csp).toContain("form-action 'self' https://accounts.google.com");
    } finally {
      await real.close();
    }
    // Builds apps of its own: a minute, not a test's 20 s, on a loaded machine.
  }, 60_000);
});
