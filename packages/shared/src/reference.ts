import { z } from 'zod';

/** GET /api/countries/list. */
export const CountrySchema = z.object({
  id: z.number(),
  name: z.string(),
  alpha2Code: z.string(),
  alpha3Code: z.string(),
  region: z.string(),
  /** International calling code, e.g. '+254'. */
  code: z.string(),
});
export type Country = z.infer<typeof CountrySchema>;

/** GET /api/currencies/list. */
export const CurrencySchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  countryId: z.number(),
});
export type Currency = z.infer<typeof CurrencySchema>;

export type PickerType = 'country' | 'currency';

/**
 * PlayOn's players are in Kenya: Kenya and the shilling head the pickers' lists (the rest follow
 * by name) and are a new player's country and currency until they pick others.
 */
export const HOME_COUNTRY_CODE = 'KE';
export const HOME_CURRENCY_CODE = 'KES';

const searchedFields = {
  currency: ['code', 'countryId', 'id', 'name'],
  country: ['name', 'alpha2Code', 'alpha3Code', 'id', 'region'],
} as const;

/** The picker's search rule (docs/product.md, "Picker search"): case-insensitive substring over the type's fields. */
export function matchesPickerSearch(type: PickerType, item: Country | Currency, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const record = item as unknown as Record<string, unknown>;
  return searchedFields[type].some((field) =>
    String(record[field] ?? '')
      .toLowerCase()
      .includes(needle),
  );
}
