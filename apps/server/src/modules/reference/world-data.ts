import type { Country as WorldCountry } from 'world-countries';
import worldCountries from 'world-countries/countries.json' with { type: 'json' };

export interface CountrySeed {
  name: string;
  alpha2Code: string;
  alpha3Code: string;
  region: string;
  code: string;
  currencies: { code: string; name: string }[];
}

/**
 * The calling code from the dialling data: root + suffix ('+2' + '54' → '+254'). In the +1 and +7
 * zones the suffixes are area codes, so the code is the root alone. Country codes have at most
 * three digits.
 */
export function callingCode({ root, suffixes }: WorldCountry['idd']): string {
  if (!root) return '';
  if (suffixes.length !== 1 && (root === '+1' || root === '+7')) return root;
  return `${root}${suffixes[0] ?? ''}`.slice(0, 4);
}

export function countrySeeds(): CountrySeed[] {
  return (worldCountries as unknown as WorldCountry[]).map((country) => ({
    name: country.name.common,
    alpha2Code: country.cca2,
    alpha3Code: country.cca3,
    region: country.region,
    code: callingCode(country.idd),
    currencies: Object.entries(country.currencies ?? {}).map(([code, currency]) => ({
      code,
      name: currency.name,
    })),
  }));
}
