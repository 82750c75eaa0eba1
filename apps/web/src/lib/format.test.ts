import { describe, expect, it } from 'vitest';
import { formatAmount, formatCalendarDate, formatDateTime, formatPoints, formatRelativeDate } from './format';

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
