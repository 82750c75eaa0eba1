import { describe, expect, it, vi } from 'vitest';
import {
  formatAmount,
  formatCalendarDate,
  formatDateTime,
  formatDayAndMonth,
  formatDayInWords,
  formatPoints,
  formatRelativeDate,
  formatTimeOfDay,
} from './format';

describe('formatCalendarDate', () => {
  it('shows a date of birth day first, whatever the time zone', () => {
    expect(formatCalendarDate('1995-04-12')).toBe('12/04/1995');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });
});

describe('formatPoints', () => {
  it('shows leaderboard points with two decimals and thousands grouped', () => {
    expect(formatPoints(42)).toBe('42.00');
    expect(formatPoints(1234.5)).toBe('1,234.50');
    expect(formatPoints(0.07)).toBe('0.07');
  });
});

describe('formatDateTime', () => {
  it('shows a moment day first with its time', () => {
    const moment = new Date(2026, 10, 21, 9, 5);
    expect(formatDateTime(moment.toISOString())).toBe('21/11/2026, 09:05');
  });
});

describe('in Kiswahili', () => {
  it('shows dates day first and points with two decimals, as in English', () => {
    expect(formatCalendarDate('1995-04-12', 'sw')).toBe('12/04/1995');
    expect(formatPoints(1234.5, 'sw')).toBe('1,234.50');
    expect(formatAmount(50, 'sw')).toBe('50.00');
  });

  it("says 'Jana' and 'siku 3 zilizopita' where English says 'Yesterday' and '3 days ago'", () => {
    const now = new Date(2026, 10, 21, 12, 0);
    const daysBefore = (days: number) => new Date(2026, 10, 21 - days, 8, 30).toISOString();
    expect(formatRelativeDate(daysBefore(1), now, 'en')).toBe('Yesterday');
    expect(formatRelativeDate(daysBefore(3), now, 'en')).toBe('3 days ago');
    expect(formatRelativeDate(daysBefore(1), now, 'sw')).toBe('Jana');
    expect(formatRelativeDate(daysBefore(3), now, 'sw')).toBe('Siku 3 zilizopita');
    expect(formatRelativeDate(daysBefore(5), now, 'sw')).toBe('16/11/2026, 08:30');
  });
});

// The formatters write by hand what `Intl` writes (they exist to keep `Intl` off the first screens):
// held to `Intl` itself, in both languages, across signs, sizes, months and hours.
describe('the same text as Intl', () => {
  const locales = { en: 'en-GB', sw: 'sw-KE' } as const;

  it('writes amounts and points as Intl does, to the cent', () => {
    const values = [
      0, 0.01, 0.07, 0.5, 1, 9.99, 42, 999.99, 1000, 1234.5, 99_999.01, 1_000_000, 12_345_678.9,
    ];
    for (const language of ['en', 'sw'] as const) {
      const intl = new Intl.NumberFormat(locales[language], {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      for (const value of [...values, ...values.map((v) => -v).filter((v) => v !== 0)]) {
        expect(formatAmount(value, language)).toBe(intl.format(value));
        expect(formatPoints(value, language)).toBe(intl.format(value));
      }
    }
  });

  it('writes dates, times and days in words as Intl does, every month and hour', () => {
    for (const language of ['en', 'sw'] as const) {
      const locale = locales[language];
      for (let month = 0; month < 12; month++) {
        const moment = new Date(2026, month, 1 + month * 2, month * 2 + 1, month * 5);
        expect(formatDateTime(moment.toISOString(), language)).toBe(
          new Intl.DateTimeFormat(locale, {
            day: '2-digit',
            month: '2-digit',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
          }).format(moment),
        );
        expect(formatTimeOfDay(moment, language)).toBe(
          new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(moment),
        );
        expect(formatDayAndMonth(moment, language)).toBe(
          new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long' }).format(moment),
        );
        expect(formatDayInWords(moment, language)).toBe(
          new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(moment),
        );
      }
      for (const hour of [0, 9, 12, 13, 23])
        expect(formatTimeOfDay(new Date(2026, 0, 5, hour, 7), language)).toBe(
          new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(
            new Date(2026, 0, 5, hour, 7),
          ),
        );
    }
  });

  it('never builds an Intl number or date formatter for amounts, dates or times', () => {
    const built: string[] = [];
    const spies = (['NumberFormat', 'DateTimeFormat'] as const).map((name) =>
      vi.spyOn(Intl, name).mockImplementation(() => {
        built.push(name);
        throw new Error(`Intl.${name} built`);
      }),
    );
    try {
      formatAmount(1234.5);
      formatPoints(7);
      formatDateTime('2026-11-21T09:05:00Z');
      formatCalendarDate('1995-04-12');
      formatTimeOfDay(new Date());
      formatDayInWords(new Date(), 'sw');
      expect(built).toEqual([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
