import pg from 'pg';

export const TEMPLATE_DATABASE = 'playon_test_template';

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The server's maintenance connection: the `postgres` database of the same server. */
export function adminUrl(base: string): string {
  return databaseUrl(base, 'postgres');
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function recreateDatabase(admin: string, name: string, template?: string) {
  return withClient(admin, async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  });
}

export function dropDatabase(admin: string, name: string) {
  return withClient(admin, (client) => client.query(`drop database if exists "${name}" with (force)`));
}

/**
 * Waits until no session uses the database any more. pg's Pool.end() resolves while its clients are
 * still saying goodbye; dropping the database WITH (FORCE) then kills them mid-way and the test
 * process sees an unhandled 57P01.
 */
export function waitForNoSessions(admin: string, name: string, timeoutMs = 5000) {
  return withClient(admin, async (client) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0]?.n === 0 || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
}
