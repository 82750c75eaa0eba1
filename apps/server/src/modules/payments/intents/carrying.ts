import { createHash } from 'node:crypto';
import { getTableColumns, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Bound, boundValues, type Db, executePrepared } from '../../../platform/db.ts';
import { paymentIntents } from '../schema.ts';

/**
 * Intents written in one statement with another module's writes (a withdrawal's reserve, its jobs,
 * its Idempotency-Key: ADR 0028, 0043, 0044), as prepared statements named after their text.
 */

type IntentRow = typeof paymentIntents.$inferSelect;
const intentColumns = getTableColumns(paymentIntents);
type IntentColumn = keyof typeof intentColumns;
const dialect = new PgDialect();

/** A prepared statement's name from its text: a handful of texts, each hashed once. */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `intent_with_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** The intent a statement's row carries (its columns as the table's), or undefined when it has none. */
function intentOf(raw: Record<string, unknown>): IntentRow | undefined {
  if (raw[intentColumns.id.name] == null) return undefined;
  return Object.fromEntries(
    Object.entries(intentColumns).map(([key, column]) => {
      const value = raw[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as IntentRow;
}

/** A batch statement as built: its SQL, the query drizzle made of it, its prepared statement's name. */
interface BatchStatement {
  parts: SQL[];
  columns: string;
  statement: SQL;
  built: Query;
  name: string;
}
/** The batch statements built so far, by the SQL of the CTEs they carry (one or two in a process). */
const batchStatements = new WeakMap<SQL, BatchStatement>();

/**
 * `insertIntentsCarrying`'s statement for the intents' columns `keys` and these parts, built once:
 * again only when a part's SQL or the columns differ from the last time.
 */
function batchStatement(
  keys: IntentColumn[],
  alongside: { name: string; write: Bound }[],
  carry: { ctes: Bound; gate: string; from: SQL; key: SQL; outcome: SQL },
): BatchStatement {
  const parts = [
    carry.ctes.sql,
    carry.from,
    carry.key,
    carry.outcome,
    ...alongside.map(({ write }) => write.sql),
  ];
  const columns = `${keys.join(',')}|${carry.gate}|${alongside.map(({ name }) => name).join(',')}`;
  const known = batchStatements.get(carry.ctes.sql);
  if (known && known.columns === columns && known.parts.every((part, i) => part === parts[i])) return known;
  const intentColumnsOf = keys.map((key) => intentColumns[key]);
  const arrays = intentColumnsOf.map(
    (column) => sql`${sql.placeholder(`intent_${column.name}`)}::${sql.raw(column.getSQLType())}[]`,
  );
  const names = intentColumnsOf.map((column) => sql.identifier(column.name));
  const statement = sql`with ${carry.ctes.sql}, intent as (
      insert into payment_intents (${sql.join(names, sql`, `)})
      select * from unnest(${sql.join(arrays, sql`, `)}) as given(${sql.join(names, sql`, `)})
      where given.id in (select intent_id from ${sql.identifier(carry.gate)})
      returning *
    )${sql.join(
      alongside.map(({ name, write }) => sql`, ${sql.identifier(name)} as (${write.sql})`),
      sql``,
    )}
    select intent.*, ${carry.outcome} from ${carry.from} left join intent on intent.id = ${carry.key}`;
  const built = dialect.sqlToQuery(statement);
  const made = { parts, columns, statement, built, name: statementName(built.sql) };
  batchStatements.set(carry.ctes.sql, made);
  return made;
}

/**
 * Inserts the intent in one statement with another module's writes, as a prepared statement
 * named after its text (the withdrawal's hot path, ADR 0028, 0043): `carry.ctes` come first in
 * the WITH, and the intent is written only when their CTE `carry.gate` has a row; each of
 * `alongside` (an INSERT reading the CTE `intent`: its jobs, the request's Idempotency-Key) comes
 * after it. The statement always answers one row: `carry.outcome`'s columns (`carried`), and the
 * intent when it was written.
 */
export async function insertIntentCarrying<Carried extends Record<string, unknown>>(
  values: typeof paymentIntents.$inferInsert,
  alongside: SQL[],
  carry: { ctes: SQL; gate: string; outcome: SQL },
  tx: Db,
): Promise<{ intent: IntentRow | undefined; carried: Carried }> {
  const given = Object.entries(values).filter(([, value]) => value !== undefined);
  const columns = given.map(([key]) => intentColumns[key as IntentColumn]);
  const names = columns.map((column) => sql.identifier(column.name));
  // Typed: a SELECT's values are not typed by the columns they go to, as a VALUES list's are.
  const params = given.map(
    ([, value], i) => sql`${sql.param(value, columns[i])}::${sql.raw(columns[i]?.getSQLType() ?? 'text')}`,
  );
  const statement = sql`with ${carry.ctes}, intent as (
      insert into payment_intents (${sql.join(names, sql`, `)})
      select ${sql.join(params, sql`, `)} where exists (select from ${sql.identifier(carry.gate)})
      returning *
    )${sql.join(
      alongside.map((write, i) => sql`, ${sql.identifier(`alongside_${i}`)} as (${write})`),
      sql``,
    )}
    select intent.*, ${carry.outcome} from (select) as one left join intent on true`;
  const query = dialect.sqlToQuery(statement);
  const [raw] = await executePrepared<Record<string, unknown>>(tx, statementName(query.sql), query);
  if (!raw) throw new Error('intent statement returned nothing');
  return { intent: intentOf(raw), carried: raw as Carried };
}

/**
 * Several intents in one statement with another module's writes (group commit, ADR 0044): as
 * `insertIntentCarrying`, for a batch. Every row gives the same columns; each is written only when
 * the CTE `carry.gate` has its id in `intent_id`. `alongside` are more CTEs, by name, after the
 * CTE `intent` (each request's jobs and Idempotency-Key). One row per request, from `carry.from`
 * (whose intent id is `carry.key`): `carry.outcome`'s columns, and the intent when it was written.
 * The parts' SQL is built once (`Bound`): the statement is built by drizzle the first time it
 * meets them, then only bound, with the intents' columns as one array each.
 */
export async function insertIntentsCarrying<Carried extends Record<string, unknown>>(
  rows: (typeof paymentIntents.$inferInsert)[],
  alongside: { name: string; write: Bound }[],
  carry: { ctes: Bound; gate: string; from: SQL; key: SQL; outcome: SQL },
  tx: Db,
): Promise<{ intent: IntentRow | undefined; carried: Carried }[]> {
  const first = rows[0];
  if (!first) return [];
  const keys = Object.keys(first).filter((key) => first[key as IntentColumn] !== undefined) as IntentColumn[];
  const query = batchStatement(keys, alongside, carry);
  // One array per column, each value as the column sends it.
  const intentValues = Object.fromEntries(
    keys.map((key) => {
      const column = intentColumns[key];
      const values = rows.map((row) => {
        const value = row[key];
        return value === null || value === undefined ? null : column.mapToDriverValue(value as never);
      });
      return [`intent_${column.name}`, values];
    }),
  );
  const values = boundValues([
    carry.ctes,
    ...alongside.map(({ write }) => write),
    { sql: query.statement, values: intentValues },
  ]);
  const raws = await executePrepared<Record<string, unknown>>(tx, query.name, query.built, values);
  return raws.map((raw) => ({ intent: intentOf(raw), carried: raw as Carried }));
}
