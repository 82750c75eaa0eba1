/** Figures as the Insight screens write them, in the reader's language. */
export const formatters = (locale: string) => ({
  whole: (value: number) => value.toLocaleString(locale),
  kes: (value: number) =>
    `KES ${value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  share: (value: number) => value.toLocaleString(locale, { style: 'percent', maximumFractionDigits: 1 }),
  /** An instant in Nairobi's time: day, month, year and time. */
  when: (iso: string) =>
    new Date(iso).toLocaleString(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Africa/Nairobi',
    }),
  /** A Nairobi day (YYYY-MM-DD) short: 24 Nov. */
  day: (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }),
});

export type Formatters = ReturnType<typeof formatters>;
