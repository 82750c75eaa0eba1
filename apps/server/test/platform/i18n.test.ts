import { languageOf } from '@playon/shared/i18n/language';
import { messages, messagesSw } from '@playon/shared/messages';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translated } from '../../src/platform/i18n.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

describe('the language a request asks for', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['sw', 'sw'],
    ['sw-KE', 'sw'],
    ['SW-ke', 'sw'],
    ['sw-KE,sw;q=0.9,en;q=0.8', 'sw'],
    ['en-GB,en;q=0.9,sw;q=0.8', 'en'],
    ['en;q=0.5, sw-KE', 'sw'],
    ['fr-FR, sw;q=0.3', 'sw'],
    ['fr-FR, de;q=0.8', 'en'],
    ['sw;q=0, en;q=0.1', 'en'],
    ['*', 'en'],
  ])('%j is answered in %s', (header, language) => {
    expect(languageOf(header)).toBe(language);
  });
});

describe('a message the catalogue does not know', () => {
  it('is answered in English and logged once, at debug', () => {
    const said: unknown[] = [];
    const log = { debug: (...args: unknown[]) => said.push(args) } as unknown as FastifyBaseLogger;
    const message = `A message nobody translated ${Math.random()}`;
    expect(translated(message, 'sw', log)).toBe(message);
    expect(translated(message, 'sw', log)).toBe(message);
    expect(said).toHaveLength(1);
    expect(JSON.stringify(said[0])).toContain(message);
  });

  it('is never looked up for English', () => {
    const said: unknown[] = [];
    const log = { debug: (...args: unknown[]) => said.push(args) } as unknown as FastifyBaseLogger;
    expect(translated('Something nobody translated.', 'en', log)).toBe('Something nobody translated.');
    expect(said).toEqual([]);
  });
});

describe('the API in Kiswahili', () => {
  let t: TestApp;
  let amina: TestPlayer;
  const sw = { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' };
  beforeAll(async () => {
    t = await createTestApp();
    amina = await signUpPlayer(t.app);
  });
  afterAll(() => t.close());

  const refer = (player: TestPlayer, referralCode: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/referrals',
      headers: { ...bearer(player.token), ...headers },
      payload: { referralCode },
    });

  it('refuses an unknown referral code in Kiswahili, field error included', async () => {
    const response = await refer(amina, 'NOSUCH99', sw);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      statusMessage: messagesSw.referral.unknown,
      payload: { code: 'NOT_FOUND', fields: { referralCode: messagesSw.referral.unknown } },
    });
    expect(response.headers.vary).toMatch(/accept-language/i);
  });

  it('keeps the product’s English, byte for byte, without the header or with English asked for', async () => {
    const plain = await refer(amina, 'NOSUCH99');
    const english = await refer(amina, 'NOSUCH99', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(plain.body).toBe(
      JSON.stringify({
        statusCode: 404,
        statusMessage: messages.referral.unknown,
        payload: { code: 'NOT_FOUND', fields: { referralCode: messages.referral.unknown } },
      }),
    );
    expect(english.body).toBe(plain.body);
    expect(plain.headers.vary).toMatch(/accept-language/i);
  });

  it('welcomes a referred player in Kiswahili', async () => {
    const brian = await signUpPlayer(t.app);
    const response = await refer(brian, amina.profile.referralCode, sw);
    expect(response.statusCode).toBe(200);
    expect(response.json().statusMessage).toBe('Nambari ya mwaliko imekubaliwa. Karibu PlayOn!');
    expect(response.json().payload).toEqual({ referrerUsername: null });
  });

  it('says which profile field changed, in Kiswahili', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${amina.uid}`,
      headers: { ...bearer(amina.token), ...sw },
      payload: { name: 'Amina Wanjiru' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().statusMessage).toBe('Umebadilisha jina lako.');
  });

  it("answers a shared schema's validation message in Kiswahili", async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${amina.uid}`,
      headers: { ...bearer(amina.token), 'accept-language': 'sw' },
      payload: { username: 'a' },
    });
    expect(response.statusCode).toBe(400);
    const text = 'Jina la mtumiaji liwe na herufi 3 hadi 20: herufi, tarakimu, nukta au _.';
    expect(response.json().statusMessage).toBe(text);
    expect(response.json().payload.fields).toEqual({ username: text });
  });

  it('tells a caller without a token, in Kiswahili, that they are not logged in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/login', headers: sw });
    expect(response.statusCode).toBe(401);
    expect(response.json().statusMessage).toBe(messagesSw.notLoggedIn);
  });

  it('answers an unknown API path in Kiswahili', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: sw });
    expect(response.statusCode).toBe(404);
    expect(response.json().statusMessage).toBe(messagesSw.routeNotFound);
  });

  it('mails the password reset in the language the request asked in', async () => {
    const outbox = async () => (await t.app.inject({ method: 'GET', url: '/sandbox/mail' })).body;
    const ask = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers,
        payload: { email: amina.email, redirectTo: '/reset-password' },
      });
    expect((await ask({})).statusCode).toBe(200);
    expect(await outbox()).toContain('Reset your PlayOn password');
    expect(await outbox()).not.toContain('Weka nenosiri jipya la PlayOn');
    expect((await ask(sw)).statusCode).toBe(200);
    const mails = await outbox();
    expect(mails).toContain('Weka nenosiri jipya la PlayOn');
    expect(mails).toContain('Fungua kiungo hiki ili uchague nenosiri jipya la PlayOn');
  });
});
