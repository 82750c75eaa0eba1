import { createECDH, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { freePort } from '../support/payments.ts';
import { bearer } from '../support/players.ts';

// The laptop sandbox trusts the machine's own addresses (a phone on the Wi-Fi opens the LAN
// address); production trusts PUBLIC_URL alone, sandbox or not.

/** A browser at one address: its own cookie jar, and the Origin header browsers send. */
class Browser {
  private cookies = new Map<string, string>();
  readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  async fetch(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0)
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (init.method === 'POST') headers.set('origin', this.origin);
    const response = await fetch(new URL(path, this.origin), { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [name, value] = (cookie.split(';')[0] as string).split('=') as [string, string];
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    return response;
  }

  post(path: string, body: unknown) {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async session() {
    return (await (await this.fetch('/api/auth/get-session')).json()) as { user: { email: string } } | null;
  }
}

describe('the laptop sandbox, opened at another of its addresses', () => {
  let t: TestApp;
  let publicUrl: string;
  let otherAddress: string;
  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://localhost:${port}`;
    otherAddress = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PORT: String(port), PUBLIC_URL: publicUrl });
    // Both loopback families: the identity service calls the sandbox's token endpoint at localhost.
    await t.app.listen({ port, host: 'localhost' });
  });
  afterAll(() => t.close());

  it('counts 127.0.0.1 among its own addresses', () => {
    expect(t.config.ownOrigins).toContain(otherAddress);
  });

  it('lets a player sign up, sign out and sign in again with the session cookie in the jar', async () => {
    const browser = new Browser(otherAddress);
    const email = `lan-${randomUUID()}@example.com`;
    expect(
      (await browser.post('/api/auth/sign-up/email', { email, password: 'secret-123', name: '' })).status,
    ).toBe(200);
    // A POST that carries the cookie is where 'Invalid origin' used to stop the player.
    expect((await browser.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await browser.session()).toBeNull();
    await browser.post('/api/auth/sign-in/email', { email, password: 'secret-123' });
    const again = await browser.post('/api/auth/sign-in/email', { email, password: 'secret-123' });
    expect(again.status).toBe(200);
    expect((await browser.session())?.user.email).toBe(email);
  });

  it('keeps the sandbox Google sign-in on the address in use, from its page back to the session', async () => {
    const browser = new Browser(otherAddress);
    const start = await browser.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/dashboard',
      errorCallbackURL: '/login',
    });
    expect(start.status).toBe(200);
    const authorize = new URL(((await start.json()) as { url: string }).url);
    expect(authorize.origin).toBe(otherAddress);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${otherAddress}/api/auth/callback/google`);

    const form = new URLSearchParams(authorize.searchParams);
    form.set('preset', 'sandbox-amina');
    const chosen = await browser.fetch(authorize.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const callback = new URL(chosen.headers.get('location') as string);
    expect(callback.origin).toBe(otherAddress);
    const landed = await browser.fetch(callback.pathname + callback.search);
    expect(landed.headers.get('location')).toBe('/dashboard');
    const { token } = (await (await browser.fetch('/api/auth/token')).json()) as { token: string };
    const login = await fetch(`${otherAddress}/api/auth/login`, { headers: bearer(token) });
    expect(((await login.json()) as { payload: { email: string } }).payload.email).toBe(
      'amina.wanjiru@example.com',
    );
  });

  it('mails a password-reset link on the address the player asked from', async () => {
    const browser = new Browser(otherAddress);
    const email = `reset-${randomUUID()}@example.com`;
    await browser.post('/api/auth/sign-up/email', { email, password: 'secret-123', name: '' });
    const asked = await browser.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    expect(asked.status).toBe(200);
    const mail = await (await fetch(`${otherAddress}/sandbox/mail`)).text();
    const link = new RegExp(`${otherAddress.replaceAll('.', '\\.')}/api/auth/reset-password/[\\w-]+`).exec(
      mail,
    );
    expect(link, 'a reset link at 127.0.0.1').not.toBeNull();
  });

  it('still refuses an address that is not its own, and says where PlayOn is', async () => {
    const insider = new Browser(otherAddress);
    const email = `foreign-${randomUUID()}@example.com`;
    await insider.post('/api/auth/sign-up/email', { email, password: 'secret-123', name: '' });
    const cookie = (await insider.fetch('/api/auth/get-session')).headers.get('set-cookie');
    const refused = await fetch(`${otherAddress}/api/auth/sign-out`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://evil.example',
        cookie: cookie?.split(';')[0] ?? 'better-auth.session_token=x',
      },
      body: '{}',
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'INVALID_ORIGIN',
      message: `Sign-in is not allowed at this address. Open PlayOn at ${publicUrl}.`,
    });
  });
});

describe('production', () => {
  const vapid = (() => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return {
      VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
      VAPID_PRIVATE_KEY: Buffer.from(ecdh.getPrivateKey('hex').padStart(64, '0'), 'hex').toString(
        'base64url',
      ),
    };
  })();
  let staging: TestApp;
  const publicUrl = 'https://staging.playon.example';
  beforeAll(async () => {
    // Even with the sandbox on, production trusts PUBLIC_URL alone.
    staging = await createTestApp({
      NODE_ENV: 'production',
      SANDBOX: 'on',
      PUBLIC_URL: publicUrl,
      DATABASE_URL: 'postgres://db.internal/playon',
      MPESA_CALLBACK_SECRET: 'staging-callback-secret-0123456789abcdef',
      ...vapid,
    });
  });
  afterAll(() => staging.close());

  async function signUpAt(host: string) {
    const signUp = await staging.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { host, origin: publicUrl },
      payload: { email: `prod-${randomUUID()}@example.com`, password: 'secret-123', name: '' },
    });
    expect(signUp.statusCode).toBe(200);
    return (signUp.headers['set-cookie'] as string[]).map((cookie) => cookie.split(';')[0]).join('; ');
  }

  it('trusts none of the machine\u2019s own addresses', () => {
    expect(staging.config.ownOrigins).toEqual([]);
  });

  it('refuses a cookie-carrying call from 127.0.0.1 or the LAN, and takes it from PUBLIC_URL', async () => {
    const cookie = await signUpAt('staging.playon.example');
    for (const origin of ['http://127.0.0.1:3000', 'http://localhost:3000', 'http://192.168.1.20:3000']) {
      const refused = await staging.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { host: new URL(origin).host, origin, cookie },
        payload: {},
      });
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.json().message).toBe(
        `Sign-in is not allowed at this address. Open PlayOn at ${publicUrl}.`,
      );
    }
    const accepted = await staging.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { host: 'staging.playon.example', origin: publicUrl, cookie },
      payload: {},
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('builds its sign-in redirects on PUBLIC_URL whatever host a request names', async () => {
    const start = await staging.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { host: '127.0.0.1:3000', origin: publicUrl },
      payload: { provider: 'google', callbackURL: '/dashboard' },
    });
    expect(start.statusCode).toBe(200);
    const authorize = new URL(start.json().url);
    expect(authorize.origin).toBe(publicUrl);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${publicUrl}/api/auth/callback/google`);
  });
});
