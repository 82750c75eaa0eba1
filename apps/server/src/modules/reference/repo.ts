import { type Country, type Currency, HOME_COUNTRY_CODE, HOME_CURRENCY_CODE } from '@playon/shared/reference';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { countries, currencies } from './schema.ts';
import type { CountrySeed } from './world-data.ts';

export function createReferenceRepo(db: Db) {
  return {
    // Kenya, then the rest by name (false sorts before true).
    listCountries: (tx: Db = db): Promise<Country[]> =>
      tx
        .select()
        .from(countries)
        .orderBy(sql`${countries.alpha2Code} <> ${HOME_COUNTRY_CODE}`, asc(countries.name)),
    listCurrencies: (tx: Db = db): Promise<Currency[]> =>
      tx
        .select()
        .from(currencies)
        .orderBy(
          sql`${currencies.code} <> ${HOME_CURRENCY_CODE}`,
          asc(currencies.name),
          asc(currencies.countryId),
        ),
    /** Kenya's id and its shilling's row: a new player's country and currency. */
    async homeChoice(tx: Db = db): Promise<{ countryId: number; currencyId: number } | undefined> {
      const [row] = await tx
        .select({ countryId: countries.id, currencyId: currencies.id })
        .from(countries)
        .innerJoin(
          currencies,
          and(eq(currencies.countryId, countries.id), eq(currencies.code, HOME_CURRENCY_CODE)),
        )
        .where(eq(countries.alpha2Code, HOME_COUNTRY_CODE));
      return row;
    },
    async countryExists(id: number, tx: Db = db) {
      const [row] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
      return Boolean(row);
    },
    async currencyExists(id: number, tx: Db = db) {
      const [row] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, id));
      return Boolean(row);
    },
    /** Idempotent: rows already there are left alone. */
    async insertSeeds(seeds: CountrySeed[], tx: Db = db) {
      await tx
        .insert(countries)
        .values(seeds.map(({ currencies: _, ...country }) => country))
        .onConflictDoNothing({ target: countries.alpha2Code });
      const ids = new Map(
        (await tx.select({ id: countries.id, alpha2Code: countries.alpha2Code }).from(countries)).map(
          (row) => [row.alpha2Code, row.id],
        ),
      );
      const rows = seeds.flatMap((seed) =>
        seed.currencies.map((currency) => ({ ...currency, countryId: ids.get(seed.alpha2Code) as number })),
      );
      await tx.insert(currencies).values(rows).onConflictDoNothing();
    },
  };
}
