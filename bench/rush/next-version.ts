// The rolling deploy's "new version": the server's source and migrations copied into a tree of their
// own, plus one backward-compatible migration, laid out as the repository is so that every path the
// server finds from its own file (the repository root four levels up: games, the game SDK, the web
// build; drizzle two levels up) and every package it imports resolve as they do in the repository.
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');
/** Nullable, no default: old instances neither read nor write it, so they keep serving. */
const MIGRATION_SQL = 'ALTER TABLE "profiles" ADD COLUMN "rush_next_version_note" text;\n';

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

/** Builds the tree under `dir`; returns its root (the server is `<root>/apps/server/src/main.ts`). */
export function buildNextVersion(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  const server = join(dir, 'apps/server');
  mkdirSync(server, { recursive: true });
  cpSync(join(repo, 'apps/server/src'), join(server, 'src'), { recursive: true });
  cpSync(join(repo, 'apps/server/drizzle'), join(server, 'drizzle'), { recursive: true });
  cpSync(join(repo, 'apps/server/package.json'), join(server, 'package.json'));
  cpSync(join(repo, 'package.json'), join(dir, 'package.json'));
  // The same packages and assets as the running version: only the server's code and schema change.
  for (const shared of ['node_modules', 'packages', 'games', 'apps/web']) {
    symlinkSync(join(repo, shared), join(dir, shared));
  }
  addMigration(join(server, 'drizzle'));
  return dir;
}

function addMigration(drizzle: string) {
  const journalFile = join(drizzle, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const last = journal.entries.at(-1);
  if (!last) throw new Error('The server ships no migration journal entry to follow.');
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_rush_next_version`;
  writeFileSync(join(drizzle, `${tag}.sql`), MIGRATION_SQL);
  // drizzle applies a migration whose `when` is newer than the newest applied one.
  const when = Math.max(...journal.entries.map((entry) => entry.when)) + 1000;
  journal.entries.push({ idx, version: last.version, when, tag, breakpoints: true });
  writeFileSync(journalFile, `${JSON.stringify(journal, null, 2)}\n`);
}
