import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from './db.ts';
import { envelopeSchema, sendEnvelope } from './envelope.ts';

/** How long one check may take before it counts as down: a load balancer asks every few seconds. */
const CHECK_TIMEOUT_MS = 2000;

const Check = z.enum(['up', 'down']);

export const ReadinessReportSchema = z.object({
  database: Check,
  /** `off` without REDIS_URL (one instance, in-process bus). */
  redis: z.enum(['up', 'down', 'off']),
  /** `up` once the database has every migration this build ships (ADR 0027). */
  migrations: Check,
  /** True from SIGTERM on: the instance finishes what it holds and takes nothing new. */
  shuttingDown: z.boolean(),
});
export type ReadinessReport = z.infer<typeof ReadinessReportSchema>;

const ReadyEnvelope = envelopeSchema(ReadinessReportSchema);

export interface Readiness {
  check(): Promise<ReadinessReport>;
  /** Marks the instance not ready for good (SIGTERM, app.close()). */
  shutDown(): void;
  readonly shuttingDown: boolean;
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const upOrDown = async (work: () => Promise<unknown>): Promise<'up' | 'down'> => {
  try {
    return (await within(work(), CHECK_TIMEOUT_MS)) === false ? 'down' : 'up';
  } catch {
    return 'down';
  }
};

/** Whether this instance should be sent traffic: its database, Redis and schema answer, and it is not stopping. */
export function createReadiness(deps: {
  database: Pick<Database, 'ping' | 'migrated'>;
  /** The bus's Redis when REDIS_URL is set. */
  redis: { ping(): Promise<void> } | undefined;
}): Readiness {
  let shuttingDown = false;
  return {
    async check() {
      const [database, redis, migrations] = await Promise.all([
        upOrDown(() => deps.database.ping()),
        deps.redis ? upOrDown(() => (deps.redis as { ping(): Promise<void> }).ping()) : ('off' as const),
        upOrDown(() => deps.database.migrated()),
      ]);
      return { database, redis, migrations, shuttingDown };
    },
    shutDown() {
      shuttingDown = true;
    },
    get shuttingDown() {
      return shuttingDown;
    },
  };
}

/** The names of what is not ready, for the 503's message: no address, no credential. */
export function notReady(report: ReadinessReport): string[] {
  const failed: string[] = [];
  if (report.shuttingDown) failed.push('shutting down');
  if (report.database === 'down') failed.push('database');
  if (report.redis === 'down') failed.push('redis');
  if (report.migrations === 'down') failed.push('migrations');
  return failed;
}

/**
 * `GET /api/ready`: 200 when this instance should get traffic, 503 naming what is not (docs/operations.md).
 * Liveness stays `/api/health`: a stopping or not-yet-migrated instance is alive, only not ready.
 */
export function readinessRoutes(readiness: Readiness) {
  return async (fastify: FastifyInstance) => {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/api/ready',
      {
        config: { signIn: 'public' },
        schema: {
          tags: ['operations'],
          summary: 'Should this instance get traffic? Database, Redis, migrations, not shutting down.',
          security: [],
          response: { 200: ReadyEnvelope, 503: ReadyEnvelope },
        },
      },
      async (_request, reply) => {
        const report = await readiness.check();
        const failed = notReady(report);
        reply.header('cache-control', 'no-store');
        if (failed.length === 0) return sendEnvelope(reply, 200, 'OK', report);
        return sendEnvelope(reply, 503, `Not ready: ${failed.join(', ')}.`, report);
      },
    );
  };
}
