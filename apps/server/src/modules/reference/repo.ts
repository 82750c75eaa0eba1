import type { Country, Currency } from '@playon/shared/reference';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { countries, currencies } from './schema.ts';
import type { CountrySeed } from './world-data.ts';

export function createReferenceRepo(db: Db) {
  return {
    listCountries: (tx: Db = db): Promise<Country[]> =>
      tx.select().from(countries).orderBy(asc(countries.name)),
    listCurrencies: (tx: Db = db): Promise<Currency[]> =>
      tx.select().from(currencies).orderBy(asc(currencies.name), asc(currencies.countryId)),
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
