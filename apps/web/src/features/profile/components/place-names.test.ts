import { describe, expect, it } from 'vitest';
import type { PickerItem } from './picker-list';
import { inLanguage } from './place-names';

const germany = {
  id: 3,
  name: 'Germany',
  alpha2Code: 'DE',
  alpha3Code: 'DEU',
  region: 'Europe',
  code: '+49',
};
const shilling = { id: 1, code: 'KES', name: 'Kenyan shilling', countryId: 1 };

describe('countries and currencies in the reader’s language', () => {
  it('names them in Kiswahili for a player reading Kiswahili', () => {
    expect(inLanguage([germany], 'sw')).toEqual([{ ...germany, name: 'Ujerumani', region: 'Ulaya' }]);
    expect(inLanguage([shilling], 'sw')).toEqual([{ ...shilling, name: 'Shilingi ya Kenya' }]);
  });

  it('keeps the server’s English for an English reader and for a code the browser does not know', () => {
    expect(inLanguage([germany], 'en')).toEqual([germany]);
    const unknown = { ...shilling, code: 'XQQ', name: 'Test money' };
    expect(inLanguage([unknown], 'sw')).toEqual([unknown]);
  });

  const country = (id: number, name: string, alpha2Code: string) => ({
    id,
    name,
    alpha2Code,
    alpha3Code: `${alpha2Code}X`,
    region: 'Africa',
    code: '+1',
  });
  const currency = (id: number, code: string, name: string, countryId = id) => ({
    id,
    code,
    name,
    countryId,
  });
  const names = (items: readonly PickerItem[]) => items.map((item) => item.name);

  it('sorts countries by the name shown, as the reader’s language sorts it, Kenya first', () => {
    // The server's order: Kenya, then the rest by their English names.
    const countries = [
      country(1, 'Kenya', 'KE'),
      country(2, 'Austria', 'AT'),
      country(3, 'China', 'CN'),
      country(4, 'Egypt', 'EG'),
      country(5, 'Germany', 'DE'),
      country(6, 'South Africa', 'ZA'),
      country(7, 'United States', 'US'),
    ];
    expect(names(inLanguage(countries, 'en'))).toEqual(names(countries));
    expect(names(inLanguage(countries, 'sw'))).toEqual([
      'Kenya',
      'Afrika Kusini',
      'Austria',
      'Marekani',
      'Misri',
      'Uchina',
      'Ujerumani',
    ]);
  });

  it('sorts currencies by their names shown, the shilling first, one used in several countries in the server’s order', () => {
    const currencies = [
      currency(1, 'KES', 'Kenyan shilling'),
      currency(2, 'EUR', 'Euro', 5),
      currency(3, 'EUR', 'Euro', 9),
      currency(4, 'GBP', 'Pound sterling'),
      currency(5, 'TZS', 'Tanzanian shilling'),
      currency(6, 'USD', 'US dollar'),
    ];
    expect(inLanguage(currencies, 'en').map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(names(inLanguage(currencies, 'sw'))).toEqual([
      'Shilingi ya Kenya',
      'Dola ya Marekani',
      'Pauni ya Uingereza',
      'Shilingi ya Tanzania',
      'Yuro',
      'Yuro',
    ]);
    expect(inLanguage(currencies, 'sw').map((item) => item.id)).toEqual([1, 6, 4, 5, 2, 3]);
  });
});
