import type { Db } from '../../platform/db.ts';
import { createReferenceRepo } from './repo.ts';
import { countrySeeds } from './world-data.ts';

export function createReferenceService(db: Db) {
  const repo = createReferenceRepo(db);
  // Seeded before the server listens and never changed while it runs: read once found.
  let home: Awaited<ReturnType<typeof repo.homeChoice>>;
  return {
    listCountries: () => repo.listCountries(),
    listCurrencies: () => repo.listCurrencies(),
    /** Kenya and the shilling, a new player's defaults; undefined only before the seed ran. */
    homeChoice: async () => {
      home ??= await repo.homeChoice();
      return home;
    },
    countryExists: (id: number) => repo.countryExists(id),
    currencyExists: (id: number) => repo.currencyExists(id),
    /** Every country and its currencies from the world-countries data set, on every boot, idempotently. */
    seed: () => db.transaction((tx) => repo.insertSeeds(countrySeeds(), tx)),
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;

/** Profiles reference the chosen country and currency by foreign key. */
export { countries, currencies } from './schema.ts';
