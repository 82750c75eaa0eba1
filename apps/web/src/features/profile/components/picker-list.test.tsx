import { messages } from '@playon/shared/messages';
import type { Country, Currency } from '@playon/shared/reference';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PickerList } from './picker-list';

const countries: Country[] = [
  { id: 1, name: 'Kenya', alpha2Code: 'KE', alpha3Code: 'KEN', region: 'Africa', code: '+254' },
  { id: 2, name: 'Uganda', alpha2Code: 'UG', alpha3Code: 'UGA', region: 'Africa', code: '+256' },
  { id: 3, name: 'Germany', alpha2Code: 'DE', alpha3Code: 'DEU', region: 'Europe', code: '+49' },
];
const currencies: Currency[] = [
  { id: 10, code: 'KES', name: 'Kenyan shilling', countryId: 1 },
  { id: 11, code: 'EUR', name: 'Euro', countryId: 3 },
];

const renderList = (type: 'country' | 'currency', query: string, onSelect = vi.fn()) => {
  render(
    <PickerList
      type={type}
      items={type === 'country' ? countries : currencies}
      query={query}
      selectedId={1}
      disabled={false}
      onSelect={onSelect}
    />,
  );
  return onSelect;
};

describe('country and currency picker list', () => {
  it('matches countries case-insensitively over name, codes and region', () => {
    renderList('country', 'africa');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'KenyaKE · Africa',
      'UgandaUG · Africa',
    ]);
  });

  it('matches currencies by code', () => {
    renderList('currency', 'kes');
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByText('KES · Kenyan shilling')).toBeTruthy();
  });

  it("shows 'Oops, there's nothing here.' when nothing matches", () => {
    renderList('country', 'zzz');
    expect(screen.getByText(messages.emptyPicker)).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('marks the current selection and reports a tap', () => {
    const onSelect = renderList('country', '');
    expect(screen.getByRole('button', { current: true }).textContent).toContain('Kenya');
    fireEvent.click(screen.getByText('Germany'));
    expect(onSelect).toHaveBeenCalledWith(countries[2]);
  });
});
