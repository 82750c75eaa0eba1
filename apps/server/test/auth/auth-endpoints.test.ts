import { randomUUID } from 'node:crypto';
import { messages } from '@playon/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityEndpoints, unusedIdentityPaths } from '../../src/modules/auth/identity-endpoints.ts';
import { createIdentityService } from '../../src/modules/auth/identity-service.ts';
import { createRevokedSessions } from '../../src/modules/auth/revoked-sessions.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { cookieFrom } from '../support/players.ts';

// A fresh address per test, so counts kept in a shared Redis by other test files do not interfere.
const randomAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

let t: TestApp;
let amina: { email: string; password: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp({
    SIGN_IN_FAILURES_PER_ADDRESS: '3',
    SIGN_IN_FAILURES_PER_ACCOUNT: '3',
    SIGN_UPS_PER_ADDRESS_PER_MINUTE: '3',
    PASSWORD_RESET_REQUESTS_PER_ADDRESS_PER_MINUTE: '3',
  });
  const email = `player-${randomUUID()}@example.com`;
  const password = 'secret-123';
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: randomAddress(),
    payload: { email, password, name: '' },
  });
  expect(signUp.statusCode).toBe(200);
  amina = { email, password, cookie: cookieFrom(signUp.headers['set-cookie']) };
});
afterAll(() => t.close());

describe('the identity endpoints offered', () => {
  it('routes or disables every endpoint better-auth declares, so an upgrade cannot open a new one unseen', () => {
    const identity = createIdentityService(
      { config: t.config, db: t.database.db, mailer: { send: async () => {} } as never, log: t.app.log },
      createRevokedSessions(undefined, 60_000, t.app.log),
    );
    const declared = Object.values(identity.api)
      .map((endpoint) => (endpoint as { path?: string }).path)
      .filter((path): path is string => path !== undefined);
    const known = [...identityEndpoints.map((endpoint) => endpoint.path), ...unusedIdentityPaths];
    expect(declared.filter((path) => !known.includes(path))).toEqual([]);
  });

  it.each(unusedIdentityPaths)('does not offer %s, even to a signed-in player', async (path) => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/auth${path}`,
        headers: { cookie: amina.cookie, origin: t.config.publicUrl },
        ...(method === 'POST' ? { payload: { password: amina.password, image: '/media/x/y.png' } } : {}),
      });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
  });
});

describe('guessing passwords and reset tokens', () => {
  // Each endpoint with what it counts: wrong secrets, or every request (sign-ups, reset mails).
  const attempts: [string, Record<string, unknown>, string][] = [
    [
      '/api/auth/sign-in/email',
      { email: 'nobody@example.com', password: 'guess-123' },
      messages.pause.signIn,
    ],
    ['/api/auth/sign-up/email', { email: 'x', password: 'short', name: '' }, messages.pause.signUp],
    [
      '/api/auth/request-password-reset',
      { email: 'a@example.com', redirectTo: '/reset-password' },
      messages.pause.passwordReset,
    ],
    [
      '/api/auth/reset-password',
      { newPassword: 'brand-new-pass', token: 'guessed-token' },
      messages.pause.signIn,
    ],
    [
      '/api/auth/change-password',
      { currentPassword: 'guess-123', newPassword: 'another-pass' },
      messages.pause.signIn,
    ],
  ];

  it.each(attempts)('blocks an address after too many attempts at %s', async (url, payload, message) => {
    const address = randomAddress();
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: address,
        headers: { cookie: amina.cookie, origin: t.config.publicUrl },
        payload,
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).not.toBe(429);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('leaves the session and token endpoints unlimited: they check no password', async () => {
    const address = randomAddress();
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/token',
        remoteAddress: address,
        headers: { cookie: amina.cookie },
      });
      expect(response.statusCode).toBe(200);
    }
  });
});
