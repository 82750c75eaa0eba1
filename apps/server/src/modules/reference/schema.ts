import { integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  alpha2Code: text('alpha2_code').notNull().unique(),
  alpha3Code: text('alpha3_code').notNull(),
  region: text('region').notNull(),
  /** International calling code, e.g. '+254'; empty for the few places without one. */
  code: text('code').notNull(),
});

export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
  },
  (table) => [unique('currencies_code_country_unique').on(table.code, table.countryId)],
);
