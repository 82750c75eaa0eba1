import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from './format';

describe('formatCalendarDate', () => {
  it('shows a date of birth day first, whatever the time zone', () => {
    expect(formatCalendarDate('1995-04-12')).toBe('12/04/1995');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });
});
