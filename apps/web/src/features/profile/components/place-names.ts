import type { Language } from '@playon/shared/i18n/language';
import { type Country, type Currency, HOME_COUNTRY_CODE, HOME_CURRENCY_CODE } from '@playon/shared/reference';
import type { PickerItem } from './picker-list';

/** The regions the country list uses, in Kiswahili, spelt as the browser spells their countries. */
const regionsSw: Record<string, string> = {
  Africa: 'Afrika',
  Americas: 'Amerika',
  Antarctic: 'Antaktiki',
  Asia: 'Asia',
  Europe: 'Ulaya',
  Oceania: 'Oseania',
};

const isHome = (item: PickerItem) =>
  'alpha2Code' in item ? item.alpha2Code === HOME_COUNTRY_CODE : item.code === HOME_CURRENCY_CODE;

/**
 * In the order a reader of `language` looks for them: Kenya and its shilling first, as the server
 * lists them, then by the name shown, as `language` sorts it (Intl.Collator); a tie keeps the
 * server's order (a currency used in several countries).
 */
export function inAlphabeticalOrder(items: readonly PickerItem[], language: Language): PickerItem[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return [...items].sort((a, b) => Number(isHome(b)) - Number(isHome(a)) || collator.compare(a.name, b.name));
}

/**
 * The pickers' countries and currencies in `language`, sorted by the names shown: the server lists
 * them in English, and the browser knows their names in Kiswahili (by ISO code); a name it lacks
 * stays in English.
 */
export function inLanguage(items: readonly PickerItem[], language: Language): readonly PickerItem[] {
  return inAlphabeticalOrder(named(items, language), language);
}

function named(items: readonly PickerItem[], language: Language): readonly PickerItem[] {
  if (language === 'en') return items;
  const regions = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  const currencies = new Intl.DisplayNames([language], { type: 'currency', fallback: 'none' });
  const nameOf = (names: Intl.DisplayNames, code: string) => {
    try {
      return names.of(code);
    } catch {
      // A code the browser refuses (not ISO-shaped): the server's English name.
      return undefined;
    }
  };
  return items.map((item) => {
    if ('alpha2Code' in item) {
      const country: Country = item;
      return {
        ...country,
        name: nameOf(regions, country.alpha2Code) ?? country.name,
        region: regionsSw[country.region] ?? country.region,
      };
    }
    const currency: Currency = item;
    return { ...currency, name: nameOf(currencies, currency.code) ?? currency.name };
  });
}
