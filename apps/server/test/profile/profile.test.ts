import { messages } from '@playon/shared/messages';
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

const update = (player: TestPlayer, body: unknown, uid = player.uid) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/profile/${uid}`,
    headers: bearer(player.token),
    payload: body as object,
  });

const eighteenYearsAgo = () => {
  const now = new Date();
  return `${now.getUTCFullYear() - 18}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
};

describe('completing a profile, one field at a time', () => {
  it.each([
    [{ name: 'Amina Wanjiru' }, 'Name was updated successfully.', 'name', 'Amina Wanjiru'],
    [{ username: 'amina_w' }, 'Username was updated successfully.', 'username', 'amina_w'],
    [{ email: 'Amina@Example.com' }, 'Email was updated successfully.', 'email', 'amina@example.com'],
    [{ dob: '1995-04-12' }, 'Date of birth was updated successfully.', 'dob', '1995-04-12'],
    [{ gender: 'FEMALE' }, 'Gender was updated successfully.', 'gender', 'FEMALE'],
    [{ phone: '0712 345 678' }, 'Phone Number was updated successfully.', 'phone', '0712345678'],
  ])('saves %j and says so', async (body, statusMessage, field, stored) => {
    const response = await update(amina, body);
    expect(response.statusCode).toBe(200);
    expect(response.json().statusMessage).toBe(statusMessage);
    expect(response.json().payload[field]).toBe(stored);
  });

  it('accepts a player who turned 18 this month', async () => {
    expect((await update(amina, { dob: eighteenYearsAgo() })).statusCode).toBe(200);
  });

  it('gives a new player Kenya and the shilling, which they can change', async () => {
    const player = await signUpPlayer(t.app);
    const countries = await t.app.inject({
      method: 'GET',
      url: '/api/countries/list',
      headers: bearer(player.token),
    });
    const currencies = await t.app.inject({
      method: 'GET',
      url: '/api/currencies/list',
      headers: bearer(player.token),
    });
    const kenya = countries.json().payload[0];
    const shilling = currencies.json().payload[0];
    expect([kenya.alpha2Code, shilling.code, shilling.countryId]).toEqual(['KE', 'KES', kenya.id]);
    expect(player.profile).toMatchObject({ countryId: kenya.id, currencyId: shilling.id });

    const uganda = countries.json().payload.find((c: { alpha2Code: string }) => c.alpha2Code === 'UG');
    const changed = await update(player, { countryId: uganda.id });
    expect(changed.json().payload).toMatchObject({ countryId: uganda.id, currencyId: shilling.id });
  });

  it("picks a country and a currency from the lists, with the picker's message", async () => {
    const countries = await t.app.inject({
      method: 'GET',
      url: '/api/countries/list',
      headers: bearer(amina.token),
    });
    const kenya = countries.json().payload.find((c: { alpha2Code: string }) => c.alpha2Code === 'KE');
    const country = await update(amina, { countryId: kenya.id });
    expect(country.json()).toMatchObject({
      statusMessage: messages.pickerUpdated('country'),
      payload: { countryId: kenya.id },
    });
    const currencies = await t.app.inject({
      method: 'GET',
      url: '/api/currencies/list',
      headers: bearer(amina.token),
    });
    const shilling = currencies.json().payload.find((c: { code: string }) => c.code === 'KES');
    const currency = await update(amina, { currencyId: shilling.id });
    expect(currency.json()).toMatchObject({
      statusMessage: 'Your currency was updated successfully.',
      payload: { currencyId: shilling.id },
    });
  });
});

describe('refused profile changes', () => {
  it('needs an access token', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${amina.uid}`,
      payload: { name: 'X' },
    });
    expect(response.statusCode).toBe(401);
  });

  it("refuses to touch another player's profile", async () => {
    const brian = await signUpPlayer(t.app);
    const response = await update(brian, { name: 'Hijacked' }, amina.uid);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      statusMessage: 'You may only change your own profile.',
      payload: { code: 'FORBIDDEN' },
    });
  });

  it('refuses a player under 18', async () => {
    const response = await update(amina, { dob: `${new Date().getUTCFullYear() - 17}-01-01` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      statusMessage: messages.underEighteen,
      payload: { code: 'BAD_REQUEST', fields: { dob: messages.underEighteen } },
    });
  });

  it.each([
    [{ name: '' }, 'Please enter your name.'],
    [{ name: messages.notSet }, 'Please enter your name.'],
    [{ email: 'amina@' }, 'Please enter a valid email.'],
    [{ gender: 'male-ish' }, 'Allowed gender entries: MALE,FEMALE,OTHER'],
    [{ phone: '' }, 'Please enter your phone number.'],
    [{ dob: '' }, 'Please enter your date of birth.'],
    [{ username: '' }, 'Please enter a username.'],
  ])("answers %j with the product's message", async (body, statusMessage) => {
    const response = await update(amina, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().statusMessage).toBe(statusMessage);
  });

  it.each([
    [{ name: '' }, 'Tafadhali weka jina lako.'],
    [{ username: '' }, 'Tafadhali weka jina la mtumiaji.'],
    [{ phone: '' }, 'Tafadhali weka nambari yako ya simu.'],
    [{ dob: '' }, 'Tafadhali weka tarehe yako ya kuzaliwa.'],
    [{ gender: '' }, 'Tafadhali chagua jinsia yako.'],
  ])('answers %j in Kiswahili to a player who reads Kiswahili', async (body, statusMessage) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${amina.uid}`,
      headers: { ...bearer(amina.token), 'accept-language': 'sw' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    const field = Object.keys(body)[0] as string;
    expect(response.json()).toMatchObject({ statusMessage, payload: { fields: { [field]: statusMessage } } });
  });

  it('takes one field per call', async () => {
    const response = await update(amina, { name: 'A', phone: '0712345678' });
    expect(response.statusCode).toBe(400);
    expect(response.json().statusMessage).toMatch(/one profile field at a time/);
  });

  it('refuses a username another player has, whatever its case', async () => {
    const chebet = await signUpPlayer(t.app);
    expect((await update(chebet, { username: 'Chebet_K' })).statusCode).toBe(200);
    const brian = await signUpPlayer(t.app);
    const response = await update(brian, { username: 'chebet_k' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      statusMessage: 'This username is already taken.',
      payload: { code: 'CONFLICT' },
    });
  });

  it('refuses a country or currency that is not in the lists', async () => {
    const country = await update(amina, { countryId: 999_999 });
    expect(country.statusCode).toBe(400);
    expect(country.json().statusMessage).toBe('Please choose a country from the list.');
    const currency = await update(amina, { currencyId: 999_999 });
    expect(currency.json().statusMessage).toBe('Please choose a currency from the list.');
  });
});

describe('registering a device for push notifications', () => {
  const subscription = (endpoint: string) =>
    JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: 'BNcR', auth: 'tBHI' } });

  it('stores the browser push subscription, once per endpoint', async () => {
    const deviceToken = subscription('https://fcm.googleapis.com/fcm/send/abc');
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/profile/device-token',
        headers: bearer(amina.token),
        payload: { deviceToken },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().payload).toEqual({ saved: true });
    }
  });

  it('needs an access token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile/device-token',
      payload: { deviceToken: subscription('https://push.example/x') },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses something that is not a push subscription', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile/device-token',
      headers: bearer(amina.token),
      payload: { deviceToken: 'fcm-token-123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().statusMessage).toBe('The device token must be a push subscription.');
  });
});
