import { describe, expect, it } from 'vitest';
import { addDays, dataRequestClock, nairobiDayOf } from './ops-data-requests.ts';

// The Data Protection Act's seven days, on Nairobi's calendar (UTC+3): a request received on 1
// December is due on 8 December, to that day's end at 23:59:59 in Nairobi (20:59:59 UTC).
describe("a data request's clock", () => {
  it('gives seven days on the day it arrived, and counts down a day at Nairobi midnight', () => {
    expect(dataRequestClock('2026-12-01', new Date('2026-12-01T08:00:00+03:00'))).toEqual({
      dueOn: '2026-12-08',
      daysLeft: 7,
    });
    expect(dataRequestClock('2026-12-01', new Date('2026-12-01T20:59:59.999Z')).daysLeft).toBe(7);
    expect(dataRequestClock('2026-12-01', new Date('2026-12-01T21:00:00Z')).daysLeft).toBe(6);
  });

  it('is due today through the last Nairobi second of the seventh day, and overdue by one after it', () => {
    expect(dataRequestClock('2026-12-01', new Date('2026-12-08T00:00:00+03:00')).daysLeft).toBe(0);
    expect(dataRequestClock('2026-12-01', new Date('2026-12-08T20:59:59.999Z')).daysLeft).toBe(0);
    expect(dataRequestClock('2026-12-01', new Date('2026-12-08T21:00:00Z')).daysLeft).toBe(-1);
    expect(dataRequestClock('2026-12-01', new Date('2026-12-20T12:00:00+03:00')).daysLeft).toBe(-12);
  });

  it('crosses months and years', () => {
    expect(dataRequestClock('2026-12-28', new Date('2026-12-28T10:00:00+03:00')).dueOn).toBe('2027-01-04');
    expect(dataRequestClock('2028-02-25', new Date('2028-02-25T10:00:00+03:00')).dueOn).toBe('2028-03-03');
    expect(addDays('2027-01-04', -7)).toBe('2026-12-28');
  });

  it("reads an instant's Nairobi day, which starts at 21:00 UTC the day before", () => {
    expect(nairobiDayOf(new Date('2026-11-30T20:59:59Z'))).toBe('2026-11-30');
    expect(nairobiDayOf(new Date('2026-11-30T21:00:00Z'))).toBe('2026-12-01');
  });
});
