import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, openPglite } from '../../src/platform/db.ts';
import { adminUrl, databaseUrl, dropDatabase, recreateDatabase, TEMPLATE_DATABASE } from './postgres.ts';

// One template per run, so two runs against the same server (CI and a developer) never share it.
const template = `${TEMPLATE_DATABASE}_${process.pid}`;

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string | undefined;
    /** The migrated embedded database's data directory, as PGlite dumps it (a tar file). */
    pgliteImage: string;
  }
}

/**
 * Migrates once per run what every test database starts from: an embedded database dumped to a file
 * (pglite-image.ts loads it) and, on PostgreSQL, a template database each test file copies.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'playon-pglite-image-'));
  const image = join(folder, 'migrated.tar');
  const migrated = await openPglite('memory://');
  writeFileSync(image, Buffer.from(await (await migrated.client.dumpDataDir('none')).arrayBuffer()));
  await migrated.close();
  project.provide('pgliteImage', image);

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    await recreateDatabase(adminUrl(url), template);
    const postgres = await openDatabase({ kind: 'postgres', url: databaseUrl(url, template) });
    await postgres.close();
  }
  project.provide('postgresTemplate', url ? template : undefined);
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (url) await dropDatabase(adminUrl(url), template);
  };
}
