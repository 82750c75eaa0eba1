import { describe, expect, it } from 'vitest';
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
});
