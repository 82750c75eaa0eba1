import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { is, type Query, SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { isTracing } from './tracing.ts';
import { traceQueries } from './tracing-postgres.ts';

/** The database or a transaction on it: every repo function takes one of these. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseLocation =
  /** `poolMax`: connections this instance may open (POOL_MAX unless said). */
  { kind: 'postgres'; url: string; poolMax?: number } | { kind: 'pglite'; dir: string };

/** Where the database reports trouble that belongs to no query (a dropped idle connection). */
export interface DatabaseLogger {
  error(obj: object, msg: string): void;
}

export interface Database {
  db: Db;
  kind: DatabaseLocation['kind'];
  ping(): Promise<void>;
  /** Every migration this build ships is applied (readiness: another instance may be mid-way). */
  migrated(): Promise<boolean>;
  close(): Promise<void>;
  /** The app hands over its logger once it has one. */
  setLogger(log: DatabaseLogger): void;
  /**
   * Runs `work` while no other holder of `key` runs: a PostgreSQL advisory lock, so instances
   * started at once take turns (the demo admin's creation); PGlite serves one process, which
   * takes turns in memory.
   */
  exclusive<T>(key: number, work: () => Promise<T>): Promise<T>;
}

const dialect = new PgDialect();

/**
 * A statement's SQL built once, for `executePrepared` to bind each time: one whose values are all
 * placeholders, made when its module loads (building it was a good part of a payout's drizzle time).
 */
export const builtOnce = (query: SQL): Query => dialect.sqlToQuery(query);

/**
 * Runs `query` on `tx` as the named prepared statement `name`: on PostgreSQL each connection parses
 * and plans it once and then only binds the values (the ledger's hot statements, ADR 0028); PGlite
 * runs it as it is. One name must always carry the same SQL text; only the values may change. A
 * query already built (`dialect.sqlToQuery`) is not built again; `values` fill its placeholders.
 */
export async function executePrepared<Row>(
  tx: Db,
  name: string,
  query: SQL | Query,
  values?: Record<string, unknown>,
): Promise<Row[]> {
  const built = is(query, SQL) ? dialect.sqlToQuery(query) : query;
  const prepared = tx._.session.prepareQuery(built, undefined, name, false);
  const result = (await prepared.execute(values)) as { rows: Row[] } | Row[];
  return Array.isArray(result) ? result : result.rows;
}

/**
 * Part of a statement whose SQL is built once, with `sql.placeholder(name)` for each value, and the
 * values one use of it gives them. Parts composed keep one text, so the statement they make is built
 * by drizzle once and then only bound (a batch of withdrawals, ADR 0044). Each part's placeholders
 * carry a prefix of its own: `boundValues` refuses two parts naming the same one.
 */
export interface Bound {
  sql: SQL;
  values: Record<string, unknown>;
}

/** The values of several parts of one statement, refusing a placeholder two parts name. */
export function boundValues(parts: Bound[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const part of parts)
    for (const [name, value] of Object.entries(part.values)) {
      if (name in values) throw new Error(`two parts of one statement fill the placeholder ${name}`);
      values[name] = value;
    }
  return values;
}

/**
 * Connections per instance. A withdrawal holds one for its whole transaction; with 10, 32 clients
 * queued for a connection (bench/ledger.ts: p50 258 ms → 117 ms with 30 and fewer queries). Keep
 * instances × POOL_MAX under PostgreSQL's max_connections (100 by default).
 */
const POOL_MAX = 30;

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

/**
 * The PostgreSQL advisory lock every instance takes around its migrations: two started at once on a
 * fresh database both ran CREATE SCHEMA/TABLE and the second died (pg_type_typname_nsp_index). Any
 * fixed number; the second waits, then finds nothing left to apply.
 */
export const MIGRATION_LOCK_KEY = 1_515_042_026;

/** The newest migration this build ships, as drizzle records it (created_at = the journal's `when`). */
const newestMigration: number = Math.max(
  ...(
    JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
      entries: { when: number }[];
    }
  ).entries.map((entry) => entry.when),
);

async function migrated(db: Db): Promise<boolean> {
  try {
    const result = await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      newest: string | number | null;
    }[];
    return Number(rows[0]?.newest ?? 0) >= newestMigration;
  } catch {
    return false;
  }
}

/** `work` on one connection holding the advisory lock `key`; any other holder waits. */
async function underAdvisoryLock<T>(pool: pg.Pool, key: number, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]);
    }
  } catch (error) {
    // A connection whose unlock may not have run is closed, which releases the lock too.
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Turns taken in this process, per key (PGlite: one process is the only writer). */
function inProcessTurns() {
  const last = new Map<number, Promise<unknown>>();
  return <T>(key: number, work: () => Promise<T>): Promise<T> => {
    const previous = last.get(key) ?? Promise.resolve();
    const mine = previous.then(work, work);
    const settled = mine.catch(() => {});
    last.set(key, settled);
    settled.then(() => {
      if (last.get(key) === settled) last.delete(key);
    });
    return mine;
  };
}

/** Applies pending migrations on one connection holding MIGRATION_LOCK_KEY, so instances take turns. */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    // A connection whose unlock may not have run is closed, which releases the lock too.
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Opens the database and applies pending migrations before anything else touches it. */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: location.url, max: location.poolMax ?? POOL_MAX });
    // PostgreSQL's spans (ADR 0051); the embedded database of a laptop has none.
    if (isTracing()) traceQueries(pool);
    let log: DatabaseLogger = { error: (obj, msg) => console.error(msg, obj) };
    // An idle client whose connection drops (PostgreSQL restarted, a proxy timed it out) makes the
    // pool emit 'error'; unheard, that would end the process. The pool opens a new one when needed.
    pool.on('error', (err) => log.error({ err }, 'database connection lost; the pool will open another'));
    const db = drizzlePg(pool);
    try {
      await migrateUnderLock(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      migrated: () => migrated(db),
      close: () => pool.end(),
      setLogger: (next) => {
        log = next;
      },
      exclusive: (key, work) => underAdvisoryLock(pool, key, work),
    };
  }
  return openPglite(location.dir);
}

/**
 * The embedded database in `dir` (a folder, or `memory://`), migrated. `loadDataDir` starts it from a
 * data directory PGlite dumped (the tests start each database from one already migrated, instead of
 * running initdb and every migration again).
 */
export async function openPglite(
  dir: string,
  options: Pick<PGliteOptions, 'loadDataDir'> = {},
): Promise<Database & { client: PGlite }> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, options);
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    client,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    migrated: () => migrated(db),
    close: () => client.close(),
    setLogger: () => {},
    exclusive: inProcessTurns(),
  };
}
