import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db.ts';
import { collectOutput } from '../support/child-output.ts';
import {
  adminUrl,
  databaseUrl,
  dropDatabase,
  recreateDatabase,
  waitForNoSessions,
  withClient,
} from '../support/postgres.ts';

// Two instances started at once on a fresh PostgreSQL database both ran the migrations and
// the second died (duplicate key ... pg_type_typname_nsp_index). They now take turns (ADR 0027).
const base = process.env.TEST_DATABASE_URL;
const serverDir = fileURLToPath(new URL('../../', import.meta.url));
const shipped = (
  JSON.parse(readFileSync(`${serverDir}/drizzle/meta/_journal.json`, 'utf8')) as { entries: unknown[] }
).entries.length;
const fresh: string[] = [];

async function freshDatabase(): Promise<string> {
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `playon_migrate_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  fresh.push(name);
  // No template: an empty database, as a first deploy finds it.
  await recreateDatabase(adminUrl(base), name);
  return databaseUrl(base, name);
}

async function appliedMigrations(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    return rows[0].n as number;
  });
}

/** `npm run migrate`'s script in a process of its own: exit code and what it printed. */
function migrateProcess(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/migrate.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = collectOutput(child);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output: output.text() }));
  });
}

describe.skipIf(!base)('migrations on a fresh PostgreSQL database', () => {
  beforeAll(() => {
    expect(shipped).toBeGreaterThan(0);
  });
  afterAll(async () => {
    if (!base) return;
    for (const name of fresh) {
      await waitForNoSessions(adminUrl(base), name);
      await dropDatabase(adminUrl(base), name);
    }
  });

  it('two `npm run migrate` processes started at once both succeed and apply each migration once', async () => {
    const url = await freshDatabase();
    const results = await Promise.all([migrateProcess(url), migrateProcess(url)]);
    for (const result of results) {
      expect(result.output).toContain('Migrations applied (PostgreSQL).');
      expect(result.code).toBe(0);
    }
    expect(await appliedMigrations(url)).toBe(shipped);
  }, 60_000);

  it('four instances opening the database at once all start, each seeing every migration applied', async () => {
    const url = await freshDatabase();
    const opened = await Promise.all(
      [1, 2, 3, 4].map(() => openDatabase({ kind: 'postgres', url, poolMax: 2 })),
    );
    try {
      for (const database of opened) expect(await database.migrated()).toBe(true);
      expect(await appliedMigrations(url)).toBe(shipped);
    } finally {
      await Promise.all(opened.map((database) => database.close()));
    }
  }, 60_000);

  it('a database with migrations still to apply is not migrated', async () => {
    const url = await freshDatabase();
    const database = await openDatabase({ kind: 'postgres', url, poolMax: 1 });
    try {
      await withClient(url, (client) =>
        client.query(
          'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
        ),
      );
      expect(await database.migrated()).toBe(false);
    } finally {
      await database.close();
    }
  }, 60_000);
});
