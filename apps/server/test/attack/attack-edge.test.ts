import { uploadMessages } from '@playon/shared/upload';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../../src/platform/envelope.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { multipartForm, tinyPng } from '../support/files.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// The inputs the fuzz run found answered with a 500 (hole 9), each now a 400 with a message.
let t: TestApp;
let player: TestPlayer;

beforeAll(async () => {
  t = await createTestApp();
  player = await signUpPlayer(t.app);
});

afterAll(async () => {
  await t?.close();
});

const send = (request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...bearer(player.token), ...request.headers } });

describe('a NUL character anywhere in a request', () => {
  it('is refused in a path parameter before it reaches the database', async () => {
    const response = await send({ method: 'GET', url: '/api/users/public/%00' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusMessage: NUL_MESSAGE, payload: { code: 'BAD_REQUEST' } });
  });

  it('is refused in a JSON field, naming the field', async () => {
    const response = await send({
      method: 'POST',
      url: '/api/referrals',
      payload: { referralCode: '\u0000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().payload.fields).toEqual({ referralCode: NUL_MESSAGE });
  });

  it('is refused in a nested field, a key and a query parameter', async () => {
    const nested = await send({
      method: 'POST',
      url: '/api/contact-us/feedback',
      payload: { email: 'a@example.com', subject: 'hi', message: 'ok', extra: { deep: ['a\u0000'] } },
    });
    expect(nested.statusCode).toBe(400);
    const key = await send({ method: 'POST', url: '/api/referrals', payload: { 'referral\u0000Code': 'x' } });
    expect(key.statusCode).toBe(400);
    const query = await send({ method: 'GET', url: '/api/games/list?featured=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json().statusMessage).toBe(NUL_MESSAGE);
  });
});

describe('a NUL character sent to the identity service', () => {
  it('is refused in its own error shape, before it reaches the database', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: `nul-${player.uid}@example.com`, password: 'secret-123', name: 'a\u0000b' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(NUL_MESSAGE);
  });
});

describe('a payment id that is no UUID', () => {
  it("is refused with 400, also when it has a UUID's 36 characters of hex and dashes", async () => {
    for (const id of ['0123456789abcdef0123456789abcdef0123', '-'.repeat(36), 'not-a-uuid']) {
      const response = await send({ method: 'GET', url: `/api/payments/${id}` });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().statusMessage).toBe('This is not a payment id.');
    }
  });
});

describe('an upload form cut short', () => {
  it('is refused with 400 and a message, and the next upload works', async () => {
    const form = multipartForm(
      { id: player.uid, type: 'PROFILE_PICTURE' },
      {
        name: 'me.png',
        type: 'image/png',
        bytes: tinyPng(),
      },
    );
    for (const payload of [
      form.payload.subarray(0, form.payload.length - 40),
      form.payload.subarray(0, 60),
    ]) {
      const response = await send({
        method: 'POST',
        url: '/api/upload',
        headers: { 'content-type': form.contentType },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().statusMessage).toBe(uploadMessages.unreadableForm);
    }
    const noBoundary = await send({
      method: 'POST',
      url: '/api/upload',
      headers: { 'content-type': 'multipart/form-data' },
      payload: form.payload,
    });
    expect(noBoundary.statusCode).toBe(400);
    const whole = await send({
      method: 'POST',
      url: '/api/upload',
      headers: { 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(whole.statusCode, whole.body).toBe(200);
  });
});
