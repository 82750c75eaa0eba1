/** A timestamp as operators read it: day, month, year and time, in Nairobi's time. */
export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Nairobi',
  });

/** A value of the audit log's before/after, short enough for a row. */
export const formatChange = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value).slice(0, 200);
