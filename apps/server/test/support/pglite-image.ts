import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openPglite } from '../../src/platform/db.ts';

/**
 * Every embedded test database starts from one image: the data directory global-setup.ts migrated
 * once per run (PGlite's dumpDataDir), read once per worker. Starting from it takes a few hundred
 * milliseconds; initdb and the migrations took two to three seconds a database.
 */
let image: Promise<Blob> | undefined;

/** A fresh, migrated in-memory database. */
export async function freshPglite() {
  image ??= readFile(inject('pgliteImage')).then((bytes) => new Blob([bytes]));
  return openPglite('memory://', { loadDataDir: await image });
}
