import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { clusterHook } from './cluster.ts';
import { type Config, ConfigError, lanOrigins, parseConfig, withLaptopSecrets } from './platform/config.ts';
import { redactedConfig } from './platform/config-redact.ts';

function fail(message: string): never {
  process.stderr.write(`PlayOn could not start: ${message}\n`);
  process.exit(1);
}

const notes: string[] = [];
let config: Config;
try {
  // Parsing touches nothing: a refused configuration leaves no generated secret behind.
  config = withLaptopSecrets(parseConfig(process.env), notes);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  fail(error.message);
}

// WEB_CONCURRENCY > 1: the primary supervises that many workers and goes no further (cluster.ts).
await clusterHook(config, notes, fail);

let app: FastifyInstance;
try {
  app = await buildApp(config);
} catch (error) {
  // Typically the database: unreachable, or a migration that does not apply.
  const cause = (error as { cause?: unknown }).cause;
  fail(
    [error, cause]
      .filter(Boolean)
      .map((e) => (e instanceof Error ? e.message : String(e)))
      .join(': '),
  );
}
for (const note of notes) app.log.warn(note);
app.log.info({ config: redactedConfig(config) }, 'configuration');
if (config.sandbox.warning) {
  // On stderr whatever LOG_LEVEL says: an operator must not miss it.
  const line = '!'.repeat(78);
  process.stderr.write(`${line}\n!! ${config.sandbox.warning}\n${line}\n`);
  app.log.warn(config.sandbox.warning);
}

/** After the drain: requests and jobs in hand finish, sockets are told 1012, connections close. */
const FINISH_MS = 15_000;

closeWithGrace({ delay: config.shutdownDrainMs + FINISH_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing');
  // docs/operations.md: not ready at once; served with Connection: close for SHUTDOWN_DRAIN_MS;
  // then no new connections; sockets told 1012; requests and jobs in hand finished, none claimed;
  // then the database and Redis closed, and exit 0. After an error nothing is worth draining for.
  await app.drainAndClose(err ? 0 : config.shutdownDrainMs);
});

await app.listen({ port: config.port, host: config.host });
// Reconciliation and queued callbacks; stopped by app.close() above.
app.jobs.start();
app.log.info(
  `PlayOn is at ${config.publicUrl}${config.apiDocs ? ` (API docs: ${config.publicUrl}/api/docs)` : ''}`,
);
// The laptop sandbox trusts its own addresses (config.ownOrigins): say the one a phone opens.
const forPhones = config.host.startsWith('127.') ? [] : lanOrigins(config.ownOrigins);
if (forPhones.length > 0) process.stdout.write(`On a phone on the same Wi-Fi: ${forPhones.join(' or ')}\n`);
if (app.demoAdmin) {
  // The laptop's demo admin only (sandbox mode, not production): its password is no real secret.
  process.stdout.write(
    `Operator console: ${config.publicUrl}/login?redirect=/ops\n  sign in as ${app.demoAdmin.email} with the password ${app.demoAdmin.password}\n`,
  );
}
