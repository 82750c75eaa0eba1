import { execFileSync } from 'node:child_process';

/**
 * psql on the bench's PostgreSQL (`admin`, a URL to any of its databases): `run` answers a
 * statement's output in psql's unaligned, tuples-only form, on `database` when named.
 */
export function psqlOn(admin: string) {
  const databaseUrl = (name: string) => {
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const run = (sql: string, database?: string) =>
    execFileSync('psql', [database ? databaseUrl(database) : admin, '-qtAc', sql], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
      .toString()
      .trim();
  return { run, databaseUrl };
}

export type Psql = ReturnType<typeof psqlOn>;
