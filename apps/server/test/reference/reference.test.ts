import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, createReferenceService, currencies } from '../../src/modules/reference/service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { freshPglite } from '../support/pglite-image.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let player: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  player = await signUpPlayer(t.app);
});
afterAll(() => t.close());

describe('the country and currency lists', () => {
  it('lists every country with its codes, region and calling code: Kenya first, then by name', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/countries/list',
      headers: bearer(player.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
    const countries = response.json().payload as { name: string; alpha2Code: string; code: string }[];
    expect(countries.length).toBeGreaterThan(240);
    expect(countries.find((c) => c.alpha2Code === 'KE')).toMatchObject({
      name: 'Kenya',
      alpha3Code: 'KEN',
      region: 'Africa',
      code: '+254',
    });
    expect(countries.find((c) => c.alpha2Code === 'US')?.code).toBe('+1');
    expect(countries[0]?.name).toBe('Kenya');
    const rest = countries.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(rest[0]).toBe('Afghanistan');
  });

  it('lists one currency row per country that uses it, the shilling first', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/currencies/list',
      headers: bearer(player.token),
    });
    expect(response.statusCode).toBe(200);
    const currencies = response.json().payload as { code: string; name: string; countryId: number }[];
    expect(currencies[0]).toMatchObject({ code: 'KES', name: 'Kenyan shilling' });
    expect(currencies.filter((c) => c.code === 'EUR').length).toBeGreaterThan(10);
    const rest = currencies.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it.each(['/api/countries/list', '/api/currencies/list'])('%s needs an access token', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
  });
});

describe('seeding the reference data', () => {
  it('is idempotent: a second boot on the same data adds nothing', async () => {
    const database = await freshPglite();
    try {
      const reference = createReferenceService(database.db);
      const counts = async () => [
        (await database.db.select({ n: count() }).from(countries))[0]?.n,
        (await database.db.select({ n: count() }).from(currencies))[0]?.n,
      ];
      await reference.seed();
      const first = await counts();
      await reference.seed();
      expect(await counts()).toEqual(first);
      expect(first[0]).toBeGreaterThan(240);
    } finally {
      await database.close();
    }
  });
});
