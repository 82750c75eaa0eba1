import { randomUUID } from 'node:crypto';
import { messages } from '@playon/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signUpPlayer, type TestPlayer } from '../support/players.ts';

// Small allowances keep the password hashes few; the sign-up limit is the default. Each hash costs
// tens of milliseconds, far more on a busy machine: every story here gets two minutes.
const CROWD_TIMEOUT_MS = 120_000;
const FAILURES_PER_ADDRESS = 3;
const FAILURES_PER_ACCOUNT = 2;

let t: TestApp;
let players: TestPlayer[];
beforeAll(async () => {
  t = await createTestApp({
    SIGN_IN_FAILURES_PER_ADDRESS: String(FAILURES_PER_ADDRESS),
    SIGN_IN_FAILURES_PER_ACCOUNT: String(FAILURES_PER_ACCOUNT),
  });
  players = [await signUpPlayer(t.app), await signUpPlayer(t.app), await signUpPlayer(t.app)];
});
afterAll(() => t.close());

// A fresh address per story, so counts kept in a shared Redis by other test files do not interfere.
const natAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const nobody = () => `nobody-${randomUUID()}@example.com`;

const signIn = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    payload: { email, password },
  });

function expectSignInPaused(response: Awaited<ReturnType<typeof signIn>>, windowSeconds: number) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.pause.signIn });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('players behind one carrier NAT address', () => {
  it(
    'all sign in, however many, and a few typos among them hold nobody back',
    async () => {
      const address = natAddress();
      for (let i = 0; i < 3 * FAILURES_PER_ADDRESS; i++) {
        const player = players[i % players.length] as TestPlayer;
        const response = await signIn(player.email, player.password, address);
        expect(response.statusCode, `sign-in ${i + 1}: ${response.body}`).toBe(200);
      }
      for (let i = 0; i < FAILURES_PER_ADDRESS - 1; i++) {
        const player = players[i % players.length] as TestPlayer;
        expect((await signIn(player.email, 'typo-123', address)).statusCode).toBe(401);
        expect((await signIn(player.email, player.password, address)).statusCode).toBe(200);
      }
    },
    CROWD_TIMEOUT_MS,
  );

  it(
    'sign up by the dozen, more than ten a minute from one address',
    async () => {
      const address = natAddress();
      for (let i = 0; i < 12; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          remoteAddress: address,
          payload: { email: `launch-${randomUUID()}@example.com`, password: 'secret-123', name: '' },
        });
        expect(response.statusCode, `sign-up ${i + 1}: ${response.body}`).toBe(200);
      }
    },
    CROWD_TIMEOUT_MS,
  );
});

describe('a credential-stuffing run from one address', () => {
  it(
    'is held back once the address has used its failures, even at an account it has not tried',
    async () => {
      const address = natAddress();
      for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
        expect((await signIn(nobody(), 'leaked-123', address)).statusCode).toBe(401);
      }
      const [amina, brian] = players as [TestPlayer, TestPlayer];
      expectSignInPaused(await signIn(amina.email, 'leaked-123', address), 60);
      // Until the window passes, nobody signs in from there: that is what slows the run.
      expectSignInPaused(await signIn(brian.email, brian.password, address), 60);
      expect((await signIn(brian.email, brian.password, natAddress())).statusCode).toBe(200);
    },
    CROWD_TIMEOUT_MS,
  );
});

describe('guesses at one account from many addresses', () => {
  it(
    'hold the account back, right password included, without saying whether it exists',
    async () => {
      const victim = await signUpPlayer(t.app);
      const ghost = nobody();
      for (const email of [victim.email, ghost]) {
        for (let i = 0; i < FAILURES_PER_ACCOUNT; i++) {
          expect((await signIn(email, `guess-${i}`, natAddress())).statusCode).toBe(401);
        }
      }
      const address = natAddress();
      const held = await signIn(victim.email, victim.password, address);
      expectSignInPaused(held, 5 * 60);
      expectSignInPaused(await signIn(`  ${victim.email.toUpperCase()}`, 'guess-x', natAddress()), 5 * 60);
      const unknown = await signIn(ghost, 'guess-x', address);
      expect(unknown.statusCode).toBe(held.statusCode);
      expect(unknown.body).toBe(held.body);
      // Other players at the same addresses are not held back.
      const [amina] = players as [TestPlayer];
      expect((await signIn(amina.email, amina.password, address)).statusCode).toBe(200);
    },
    CROWD_TIMEOUT_MS,
  );

  it(
    'count wrong current passwords at a password change too',
    async () => {
      const victim = await signUpPlayer(t.app);
      for (let i = 0; i < FAILURES_PER_ACCOUNT; i++) {
        const change = await t.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          remoteAddress: natAddress(),
          headers: { cookie: victim.cookie, origin: t.config.publicUrl },
          payload: { currentPassword: `guess-${i}`, newPassword: 'taken-over-123' },
        });
        expect(change.statusCode, change.body).toBe(400);
      }
      expectSignInPaused(await signIn(victim.email, victim.password, natAddress()), 5 * 60);
    },
    CROWD_TIMEOUT_MS,
  );
});
