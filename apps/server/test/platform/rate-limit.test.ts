import { messages } from '@playon/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
});
afterAll(() => t.close());

// A fresh address per test, so counts kept in a shared Redis by other test files do not interfere.
const randomAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

describe('guessing passwords', () => {
  it('blocks an address after too many sign-in attempts in a minute, with the spec text', async () => {
    const address = randomAddress();
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: address,
        payload: { email: 'nobody@example.com', password: 'guess-123' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.rateLimited });
    expect(blocked.headers['retry-after']).toBeDefined();

    const otherPlayer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: randomAddress(),
      payload: { email: 'nobody@example.com', password: 'guess-123' },
    });
    expect(otherPlayer.statusCode).toBe(401);
  });

  it('limits password reset requests and sign-ups the same way', async () => {
    for (const [url, payload] of [
      ['/api/auth/request-password-reset', { email: 'a@example.com', redirectTo: '/reset-password' }],
      ['/api/auth/sign-up/email', { email: 'x', password: 'short', name: '' }],
    ] as const) {
      const address = randomAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await t.app.inject({ method: 'POST', url, remoteAddress: address, payload })).statusCode,
        );
      }
      expect(statuses[3]).toBe(429);
    }
  });
});
