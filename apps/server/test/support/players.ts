import { randomUUID } from 'node:crypto';
import type { Profile } from '@playon/shared/profile';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export interface TestPlayer {
  uid: string;
  email: string;
  password: string;
  token: string;
  cookie: string;
  profile: Profile;
}

/** The session cookie(s) a better-auth response set, as a Cookie header. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

export async function accessToken(app: FastifyInstance, cookie: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new player, the way the register screen makes one: email, password and an empty name. */
export async function signUpPlayer(app: FastifyInstance, email = `player-${randomUUID()}@example.com`) {
  const password = 'secret-123';
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password, name: '' },
  });
  expect(signUp.statusCode, signUp.body).toBe(200);
  const cookie = cookieFrom(signUp.headers['set-cookie']);
  const token = await accessToken(app, cookie);
  const login = await app.inject({ method: 'GET', url: '/api/auth/login', headers: bearer(token) });
  expect(login.statusCode).toBe(201);
  const profile = login.json().payload as Profile;
  return { uid: profile.uid, email, password, token, cookie, profile } satisfies TestPlayer;
}
