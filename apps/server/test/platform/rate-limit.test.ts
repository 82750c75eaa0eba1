import { messages } from '@playon/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SIGN_IN_FAILURES_PER_ADDRESS: '3',
    SIGN_UPS_PER_ADDRESS_PER_MINUTE: '3',
    PASSWORD_RESET_REQUESTS_PER_ADDRESS_PER_MINUTE: '3',
    PASSWORD_RESET_REQUESTS_PER_EMAIL_PER_HOUR: '2',
  });
});
afterAll(() => t.close());

// A fresh address per test, so counts kept in a shared Redis by other test files do not interfere.
const randomAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

const post = (url: string, remoteAddress: string, payload: object) =>
  t.app.inject({ method: 'POST', url, remoteAddress, payload });

describe('guessing passwords', () => {
  it('holds an address back after its wrong passwords, asking the player to wait', async () => {
    const address = randomAddress();
    const attempt = (email: string) =>
      post('/api/auth/sign-in/email', address, { email, password: 'guess-123' });
    for (const name of ['a', 'b', 'c']) expect((await attempt(`${name}@example.com`)).statusCode).toBe(401);
    const blocked = await attempt('d@example.com');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.pause.signIn });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const otherPlayer = await post('/api/auth/sign-in/email', randomAddress(), {
      email: 'd@example.com',
      password: 'guess-123',
    });
    expect(otherPlayer.statusCode).toBe(401);
  });
});

describe('a bot making accounts or mail from one address', () => {
  it('is held back past the sign-ups an address may make in a minute', async () => {
    const address = randomAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await post('/api/auth/sign-up/email', address, { email: 'x', password: 'short', name: '' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('is held back past the reset mails an address may ask for in a minute', async () => {
    const address = randomAddress();
    const ask = (email: string) =>
      post('/api/auth/request-password-reset', address, { email, redirectTo: '/reset-password' });
    for (const name of ['a', 'b', 'c'])
      expect((await ask(`${name}-${address}@example.com`)).statusCode).toBe(200);
    const blocked = await ask(`d-${address}@example.com`);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.pause.passwordReset });
  });

  it('cannot fill one inbox with reset mails, from however many addresses', async () => {
    const inbox = `bombed-${randomAddress()}@example.com`;
    const ask = (email: string, address: string) =>
      post('/api/auth/request-password-reset', address, { email, redirectTo: '/reset-password' });
    for (let i = 0; i < 2; i++) expect((await ask(inbox, randomAddress())).statusCode).toBe(200);
    const address = randomAddress();
    const blocked = await ask(inbox.toUpperCase(), address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    expect((await ask(`other-${inbox}`, address)).statusCode).toBe(200);
  });
});
