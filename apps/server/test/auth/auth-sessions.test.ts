import { messages } from '@playon/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { accessToken, bearer, cookieFrom, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loginCheck = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/login', headers: bearer(token) });

const tokenFor = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });

/** The same player signing in on a second device: a second session with its own access token. */
async function secondDevice(player: TestPlayer) {
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: player.email, password: player.password },
  });
  expect(signIn.statusCode).toBe(200);
  const cookie = cookieFrom(signIn.headers['set-cookie']);
  return { cookie, token: await accessToken(t.app, cookie) };
}

async function expectEnded(device: { cookie: string; token: string }) {
  expect((await tokenFor(device.cookie)).statusCode).toBe(401);
  const refused = await loginCheck(device.token);
  expect(refused.statusCode).toBe(401);
  expect(refused.json().statusMessage).toBe(messages.notLoggedIn);
}

describe('signing out', () => {
  it('ends the access token of that session at once, not 15 minutes later', async () => {
    const player = await signUpPlayer(t.app);
    const other = await secondDevice(player);
    expect((await loginCheck(player.token)).statusCode).toBe(200);

    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: player.cookie, origin: t.config.publicUrl },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);

    await expectEnded(player);
    // The other device's session was not the one that signed out.
    expect((await loginCheck(other.token)).statusCode).toBe(200);
  });
});

describe('a password reset', () => {
  it('ends every session of the player: no new token for an old cookie, the old token refused', async () => {
    const player = await signUpPlayer(t.app);
    const other = await secondDevice(player);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: player.email, redirectTo: '/reset-password' },
    });
    const outbox = (await t.app.inject({ method: 'GET', url: '/sandbox/mail' })).body;
    const start = outbox.indexOf(player.email);
    const link = /<a href="([^"]+)"/.exec(outbox.slice(start))?.[1]?.replaceAll('&amp;', '&') as string;
    const opened = await t.app.inject({ method: 'GET', url: link.slice(t.config.publicUrl.length) });
    const resetToken = new URL(opened.headers.location as string, t.config.publicUrl).searchParams.get(
      'token',
    );

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'brand-new-pass', token: resetToken },
    });
    expect(reset.statusCode).toBe(200);

    await expectEnded(player);
    await expectEnded(other);
  });
});

describe('changing the password', () => {
  it.each([false, true])(
    'keeps the session that changed it and ends the others (revokeOtherSessions sent: %s)',
    async (revokeOtherSessions) => {
      const player = await signUpPlayer(t.app);
      const other = await secondDevice(player);
      const change = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie: player.cookie, origin: t.config.publicUrl },
        payload: { currentPassword: player.password, newPassword: 'another-pass', revokeOtherSessions },
      });
      expect(change.statusCode).toBe(200);

      await expectEnded(other);
      expect((await loginCheck(player.token)).statusCode).toBe(200);
      expect((await tokenFor(player.cookie)).statusCode).toBe(200);
    },
  );

  it('ends nothing when the current password is wrong', async () => {
    const player = await signUpPlayer(t.app);
    const other = await secondDevice(player);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: player.cookie, origin: t.config.publicUrl },
      payload: { currentPassword: 'not-my-password', newPassword: 'another-pass' },
    });
    expect(change.statusCode).toBe(400);
    expect((await loginCheck(other.token)).statusCode).toBe(200);
  });
});
