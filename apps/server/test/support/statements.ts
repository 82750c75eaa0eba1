import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database, Db } from '../../src/platform/db.ts';

/**
 * The app's database seen through a second drizzle handle that writes down every statement sent on
 * it (its transactions' too), so a test can count what one operation costs while the app's own
 * work (job polls) goes on through the first handle uncounted. BEGIN and COMMIT are left out:
 * PGlite sends them itself, PostgreSQL through drizzle; each is one more round trip there.
 */
export function countingDb(database: Database) {
  const statements: string[] = [];
  const logger = {
    logQuery(query: string) {
      if (!/^(begin|commit|rollback)\b/i.test(query.trim())) statements.push(query);
    },
  };
  const client = (database.db as unknown as { _: { session: { client: unknown } } })._.session.client;
  const db = (database.kind === 'postgres'
    ? drizzlePg(client as pg.Pool, { logger })
    : drizzlePglite(client as PGlite, { logger })) as unknown as Db;
  return {
    db,
    /** The statements `work` sent on `db`. */
    async during(work: () => Promise<unknown>): Promise<string[]> {
      statements.length = 0;
      await work();
      return [...statements];
    },
  };
}

/**
 * The statements the app itself sends on `database` while `work` runs (an HTTP request through
 * `inject`): its logger is swapped in for that time. Anything else the app does meanwhile (a job
 * worker's poll) is counted too, so stop the worker first. With `transactionControl`, BEGIN, COMMIT
 * and ROLLBACK are listed too (on PostgreSQL only: PGlite sends its own).
 */
export async function statementsDuring(
  database: Database,
  work: () => Promise<unknown>,
  { transactionControl = false }: { transactionControl?: boolean } = {},
): Promise<string[]> {
  const statements: string[] = [];
  const logger = {
    logQuery(query: string) {
      if (transactionControl || !/^(begin|commit|rollback)\b/i.test(query.trim())) statements.push(query);
    },
  };
  const session = (database.db as unknown as { _: { session: SessionWithLogger } })._.session;
  const saved = { logger: session.logger, options: session.options.logger };
  session.logger = logger;
  session.options.logger = logger;
  try {
    await work();
  } finally {
    session.logger = saved.logger;
    session.options.logger = saved.options;
  }
  return statements;
}

interface QueryLogger {
  logQuery(query: string, params: unknown[]): void;
}
interface SessionWithLogger {
  logger: QueryLogger;
  options: { logger?: QueryLogger | boolean };
}
