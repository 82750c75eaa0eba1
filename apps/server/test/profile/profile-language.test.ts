import { LANGUAGE_MESSAGE } from '@playon/shared/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let amina: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  amina = await signUpPlayer(t.app);
});
afterAll(() => t.close());

const update = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/profile/${amina.uid}`,
    headers: { ...bearer(amina.token), ...headers },
    payload: body as object,
  });
const logIn = () => t.app.inject({ method: 'GET', url: '/api/auth/login', headers: bearer(amina.token) });

describe("the profile's language", () => {
  it('is null until the player chooses one', async () => {
    const player = await signUpPlayer(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/login',
      headers: bearer(player.token),
    });
    expect(response.json().payload.language).toBeNull();
  });

  it('is saved, read back at the next login, and said in the language chosen', async () => {
    const chosen = await update({ language: 'sw' }, { 'accept-language': 'sw' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({
      statusMessage: 'Umebadilisha lugha yako.',
      payload: { language: 'sw' },
    });
    expect((await logIn()).json().payload.language).toBe('sw');

    const english = await update({ language: 'en' });
    expect(english.json().statusMessage).toBe('Language was updated successfully.');
    expect((await logIn()).json().payload.language).toBe('en');
  });

  it('forgets the choice with null', async () => {
    expect((await update({ language: 'sw' })).statusCode).toBe(200);
    const forgotten = await update({ language: null });
    expect(forgotten.statusCode).toBe(200);
    expect(forgotten.json().payload.language).toBeNull();
    expect((await logIn()).json().payload.language).toBeNull();
  });

  it.each([['fr'], ['SW'], [''], [7]])(
    'refuses %j with a clear message, in either language',
    async (value) => {
      expect((await update({ language: 'sw' })).statusCode).toBe(200);
      const refused = await update({ language: value });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().statusMessage).toBe(LANGUAGE_MESSAGE);
      const refusedSw = await update({ language: value }, { 'accept-language': 'sw-KE' });
      expect(refusedSw.json().statusMessage).toBe(
        "Tafadhali chagua lugha: 'en' (Kiingereza) au 'sw' (Kiswahili).",
      );
      expect((await logIn()).json().payload.language).toBe('sw');
    },
  );

  it('is still one field per call', async () => {
    const response = await update({ language: 'sw', name: 'Amina' });
    expect(response.statusCode).toBe(400);
    expect(response.json().statusMessage).toMatch(/countryId, currencyId or language\.$/);
  });
});
