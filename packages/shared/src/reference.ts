export interface Country {
  id: number;
  name: string;
  alpha2Code: string;
  alpha3Code: string;
  region: string;
  /** International calling code, e.g. '+254'. */
  code: string;
}

export interface Currency {
  id: number;
  code: string;
  name: string;
  countryId: number;
}

export type PickerType = 'country' | 'currency';

const searchedFields = {
  currency: ['code', 'countryId', 'id', 'name'],
  country: ['name', 'alpha2Code', 'alpha3Code', 'id', 'region'],
} as const;

/** The picker's search rule (spec section 5): case-insensitive substring over the type's fields. */
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
