import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDateTime, formatPoints } from './format';

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
