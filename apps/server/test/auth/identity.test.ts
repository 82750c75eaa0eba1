import { messages } from '@playon/shared/messages';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { accessToken, bearer, cookieFrom, signUpPlayer } from '../support/players.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('signing up and in with email and password', () => {
  it('registers a player with an empty name, as the register form sends', async () => {
    const player = await signUpPlayer(t.app);
    expect(player.profile.email).toBe(player.email);
    expect(player.profile.name).toBeNull();
    expect(player.profile.referralCode).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('refuses a password shorter than 6 characters with a code the web app maps', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'short@example.com', password: 'abc12', name: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PASSWORD_TOO_SHORT');
  });

  it('refuses a second account with the same email', async () => {
    const player = await signUpPlayer(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: player.email, password: 'another-pass', name: '' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toMatch(/USER_ALREADY_EXISTS/);
  });

  it('signs in, trades the session cookie for an access token and passes the login check', async () => {
    const player = await signUpPlayer(t.app);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: player.email, password: player.password },
    });
    expect(signIn.statusCode).toBe(200);
    const token = await accessToken(t.app, cookieFrom(signIn.headers['set-cookie']));
    const login = await t.app.inject({ method: 'GET', url: '/api/auth/login', headers: bearer(token) });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      statusCode: 200,
      statusMessage: messages.loggedIn,
      payload: { uid: player.uid, email: player.email, chatRooms: [] },
    });
  });

  it('answers a sign-up and a sign-in with an access token the login check takes, as /token mints it', async () => {
    const email = `token.${Date.now()}@example.com`;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'secret123', name: '' },
    });
    expect(signUp.statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'secret123' },
    });
    expect(signIn.statusCode).toBe(200);
    const fromToken = await accessToken(t.app, cookieFrom(signIn.headers['set-cookie']));
    const claims = (token: string) => {
      const { iat, exp, ...rest } = JSON.parse(
        Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
      );
      return { ...rest, lifetime: exp - iat };
    };
    for (const answer of [signUp, signIn]) {
      const token = answer.headers['set-auth-jwt'];
      expect(typeof token).toBe('string');
      const login = await t.app.inject({
        method: 'GET',
        url: '/api/auth/login',
        headers: bearer(token as string),
      });
      expect([200, 201]).toContain(login.statusCode);
      expect(login.json().payload.email).toBe(email);
    }
    // The sign-in's token is for the sign-in's session, with the claims and lifetime /token gives.
    expect(claims(signIn.headers['set-auth-jwt'] as string)).toEqual(claims(fromToken));
    expect(claims(signUp.headers['set-auth-jwt'] as string).sid).not.toBe(claims(fromToken).sid);
  });

  it('refuses a wrong password', async () => {
    const player = await signUpPlayer(t.app);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: player.email, password: 'not-the-password' },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(signIn.headers['set-auth-jwt']).toBeUndefined();
  });

  it('publishes the EdDSA keys that verify access tokens', async () => {
    await signUpPlayer(t.app);
    const jwks = await t.app.inject({ method: 'GET', url: '/api/auth/jwks' });
    expect(jwks.statusCode).toBe(200);
    expect(jwks.json().keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
  });
});

describe('the login check', () => {
  it('creates the profile on the first call (201) and returns it afterwards (200)', async () => {
    const player = await signUpPlayer(t.app);
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/auth/login',
      headers: bearer(player.token),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().payload.id).toBe(player.profile.id);
  });

  it("says 'You are not logged in' without a token", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/login' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      statusMessage: messages.notLoggedIn,
      payload: { code: 'UNAUTHENTICATED' },
    });
  });

  it('refuses a token signed by someone else, even with the right claims', async () => {
    const player = await signUpPlayer(t.app);
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const realKid = (await t.app.inject({ method: 'GET', url: '/api/auth/jwks' })).json().keys[0].kid;
    const forged = await new SignJWT({ email: player.email })
      .setProtectedHeader({ alg: 'EdDSA', kid: realKid })
      .setSubject(player.uid)
      .setIssuer(t.config.publicUrl)
      .setAudience(t.config.publicUrl)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await exportJWK(publicKey)).kty).toBe('OKP');
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/login', headers: bearer(forged) });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token that is not a JWT at all', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/login',
      headers: bearer('not.a.jwt'),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('an expired access token', () => {
  // Its own app with a one-minute token lifetime, built in a hook: a test's own time is for the test.
  // The clock then jumps past it; a lifetime of a second could pass on a busy machine while the
  // player signs up, before the token was ever meant to be old.
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ ACCESS_TOKEN_TTL: '1m' });
  });
  afterAll(() => short.close());

  it('is refused once its lifetime has passed', async () => {
    const player = await signUpPlayer(short.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const response = await short.app.inject({
        method: 'GET',
        url: '/api/auth/login',
        headers: bearer(player.token),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().statusMessage).toBe(messages.notLoggedIn);
    } finally {
      vi.useRealTimers();
    }
  });
});
