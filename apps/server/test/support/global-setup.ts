import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/db.ts';
import { adminUrl, databaseUrl, dropDatabase, recreateDatabase, TEMPLATE_DATABASE } from './postgres.ts';

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
  await recreateDatabase(adminUrl(url), TEMPLATE_DATABASE);
  const template = await openDatabase({ kind: 'postgres', url: databaseUrl(url, TEMPLATE_DATABASE) });
  await template.close();
  project.provide('postgresTemplate', TEMPLATE_DATABASE);
  return async () => {
    await dropDatabase(adminUrl(url), TEMPLATE_DATABASE);
  };
}
