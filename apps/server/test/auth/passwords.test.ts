import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { accessToken, cookieFrom, signUpPlayer } from '../support/players.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });

describe('forgotten password', () => {
  it('mails a reset link to the outbox that leads to the reset page and sets a new password', async () => {
    const player = await signUpPlayer(t.app);
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: player.email, redirectTo: '/reset-password' },
    });
    expect(request.statusCode).toBe(200);

    const outbox = await t.app.inject({ method: 'GET', url: '/sandbox/mail' });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.body).toContain(player.email);
    const link = /<a href="([^"]+)"/.exec(outbox.body)?.[1]?.replaceAll('&amp;', '&') as string;
    expect(link.startsWith(`${t.config.publicUrl}/api/auth/reset-password/`)).toBe(true);

    const opened = await t.app.inject({ method: 'GET', url: link.slice(t.config.publicUrl.length) });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location as string, t.config.publicUrl);
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token') as string;
    expect(token).toBeTruthy();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'brand-new-pass', token },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(player.email, 'brand-new-pass')).statusCode).toBe(200);
    expect((await signIn(player.email, player.password)).statusCode).toBe(401);
  });

  it('shows the newest mail first', async () => {
    const first = await signUpPlayer(t.app);
    const second = await signUpPlayer(t.app);
    for (const email of [first.email, second.email]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email, redirectTo: '/reset-password' },
      });
    }
    const body = (await t.app.inject({ method: 'GET', url: '/sandbox/mail' })).body;
    expect(body.indexOf(second.email)).toBeLessThan(body.indexOf(first.email));
  });
});

describe('changing the password', () => {
  const change = (cookie: string, currentPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie, origin: t.config.publicUrl },
      payload: { currentPassword, newPassword, revokeOtherSessions: true },
    });

  it('refuses a wrong current password', async () => {
    const player = await signUpPlayer(t.app);
    const response = await change(player.cookie, 'not-my-password', 'another-pass');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_PASSWORD');
    expect((await signIn(player.email, player.password)).statusCode).toBe(200);
  });

  it('sets the new password after re-checking the current one, keeping this session', async () => {
    const player = await signUpPlayer(t.app);
    const response = await change(player.cookie, player.password, 'another-pass');
    expect(response.statusCode).toBe(200);
    expect(cookieFrom(response.headers['set-cookie'])).not.toContain('session_token');
    expect((await accessToken(t.app, player.cookie)).length).toBeGreaterThan(0);
    expect((await signIn(player.email, 'another-pass')).statusCode).toBe(200);
    expect((await signIn(player.email, player.password)).statusCode).toBe(401);
  });
});
