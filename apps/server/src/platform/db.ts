import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

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
  close(): Promise<void>;
  /** The app hands over its logger once it has one. */
  setLogger(log: DatabaseLogger): void;
}

/**
 * Connections per instance. A withdrawal holds one for its whole transaction; with 10, 32 clients
 * queued for a connection (bench/ledger.ts: p50 258 ms → 117 ms with 30 and fewer queries). Keep
 * instances × POOL_MAX under PostgreSQL's max_connections (100 by default).
 */
const POOL_MAX = 30;

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

/** Opens the database and applies pending migrations before anything else touches it. */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: location.url, max: location.poolMax ?? POOL_MAX });
    let log: DatabaseLogger = { error: (obj, msg) => console.error(msg, obj) };
    // An idle client whose connection drops (PostgreSQL restarted, a proxy timed it out) makes the
    // pool emit 'error'; unheard, that would end the process. The pool opens a new one when needed.
    pool.on('error', (err) => log.error({ err }, 'database connection lost; the pool will open another'));
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
      setLogger: (next) => {
        log = next;
      },
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
    close: () => client.close(),
    setLogger: () => {},
  };
}
