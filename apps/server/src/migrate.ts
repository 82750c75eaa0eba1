// `npm run migrate`: applies the pending database migrations and exits, for a deploy to run before it
// starts (or replaces) its instances. Needs DATABASE_URL only (without it: the embedded database in
// DATA_DIR, with the server stopped). Instances migrate at start too, under the same advisory lock
// (ADR 0027), so this step is optional but makes a failed migration stop the deploy, not an instance.
import { ConfigError, databaseLocation } from './platform/config.ts';
import { type DatabaseLocation, openDatabase } from './platform/db.ts';

let location: DatabaseLocation;
try {
  location = databaseLocation(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`PlayOn could not migrate: ${error.message}\n`);
  process.exit(1);
}
try {
  const database = await openDatabase(location);
  await database.close();
  process.stdout.write(
    `Migrations applied (${location.kind === 'postgres' ? 'PostgreSQL' : 'embedded database'}).\n`,
  );
} catch (error) {
  const cause = (error as { cause?: unknown }).cause;
  const message = [error, cause]
    .filter(Boolean)
    .map((e) => (e instanceof Error ? e.message : String(e)))
    .join(': ');
  process.stderr.write(`PlayOn could not migrate: ${message}\n`);
  process.exit(1);
}
