import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/db.ts';
import { adminUrl, databaseUrl, dropDatabase, recreateDatabase, TEMPLATE_DATABASE } from './postgres.ts';

// One template per run, so two runs against the same server (CI and a developer) never share it.
const template = `${TEMPLATE_DATABASE}_${process.pid}`;

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string | undefined;
  }
}

/** On PostgreSQL, migrate one template database; each test file then gets a copy of it. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('postgresTemplate', undefined);
    return;
  }
  await recreateDatabase(adminUrl(url), template);
  const migrated = await openDatabase({ kind: 'postgres', url: databaseUrl(url, template) });
  await migrated.close();
  project.provide('postgresTemplate', template);
  return async () => {
    await dropDatabase(adminUrl(url), template);
  };
}
