import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import { type Config, parseConfig, withLaptopSecrets } from '../../src/platform/config.ts';
import type { Database, DatabaseLocation } from '../../src/platform/db.ts';
import { freshDatabase, testSettings } from './app.ts';

/** One deployment's database, which instances use one after another (a restart, a deploy). */
export interface SharedDatabase {
  location: DatabaseLocation;
  opened: Database;
  /** Closes and drops it, once every instance on it is closed. */
  close(): Promise<void>;
}

export async function createSharedDatabase(): Promise<SharedDatabase> {
  const { location, opened, drop } = await freshDatabase();
  return {
    location,
    opened,
    async close() {
      await opened.close();
      await drop();
    },
  };
}

export interface Instance {
  app: FastifyInstance;
  config: Config;
  /** Stops this instance and removes its data directory; the database stays for the next one. */
  close(): Promise<void>;
}

/**
 * The real app as one instance of a deployment on `database`, with `env` as its settings (a deploy
 * changes them): listening on `port` when given, as the providers reach it at PUBLIC_URL.
 */
export async function startInstance(
  database: Pick<SharedDatabase, 'location' | 'opened'>,
  env: Record<string, string>,
  options: Omit<BuildOptions, 'database'> & { port?: number } = {},
): Promise<Instance> {
  const { port, ...build } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'playon-instance-'));
  const config = {
    ...withLaptopSecrets(parseConfig({ ...testSettings(dataDir), ...env })),
    database: database.location,
  };
  // The app closes its database when it closes: this one outlives each instance.
  const app = await buildApp(config, { ...build, database: { ...database.opened, close: async () => {} } });
  if (port !== undefined) await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    config,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
