import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { messages } from '@playon/shared/messages';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import { isClusterWorker, workerMetrics } from './metrics-cluster.ts';
import { type DeploymentReads, registerDeploymentMetrics } from './metrics-deployment.ts';
import { limitStoreErrors } from './metrics-limits.ts';
import { createProviderRequestCounter } from './metrics-providers.ts';
import type { MetricSources } from './metrics-sources.ts';

export type { JobState, MetricSources } from './metrics-sources.ts';

const noop = () => {};

/** A source read at most this often, however many scrapers ask: each read is a query on the database. */
const SOURCE_TTL_MS = 5000;

/** Seconds, from 5 ms to 10 s: an API call on a phone's network is judged in this range. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// Memory, CPU, event loop lag and GC belong to the process, not to one app: one set per process,
// however many apps a test builds in it. So do the limits' skipped checks (metrics-limits.ts).
let processRegistry: Registry | undefined;
function processMetrics() {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'playon_' });
    processRegistry.registerMetric(limitStoreErrors);
  }
  return processRegistry;
}

function cached<T>(read: () => Promise<T>, ttlMs: number) {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > ttlMs) {
      const value = read();
      last = { at: Date.now(), value };
      // A failed read is not kept: the next scrape tries again.
      value.catch(() => {
        last = undefined;
      });
    }
    return last.value;
  };
}

/** The route's pattern (`/api/payments/:id`), never the raw path: one series per route, not per id. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

/** The registry, filled from `sources` at each scrape and from the requests this app answers. */
export function createMetrics(sources: MetricSources, log: FastifyBaseLogger) {
  const registry = new Registry();
  const up = new Gauge({
    name: 'playon_metrics_source_up',
    // In a cluster, 0 when any worker's read failed.
    aggregator: 'min',
    help: 'Whether the last read of a metrics source worked (1) or failed (0): its series are missing then',
    labelNames: ['source'],
    registers: [registry],
    // A scrape collects every metric at once: this one waits for the same (cached) reads as the others.
    async collect() {
      await Promise.all(Object.values(reads).map((read) => read(noop)));
    },
  });
  const read = <T>(source: string, fetch: () => Promise<T>) => {
    const once = cached(fetch, SOURCE_TTL_MS);
    return async (use: (value: T) => void) => {
      try {
        use(await once());
        up.set({ source }, 1);
      } catch (err) {
        up.set({ source }, 0);
        log.warn({ err, source }, 'metrics source failed');
      }
    };
  };
  const reads: DeploymentReads = {
    payments: read('payments', sources.payments),
    ledger: read('ledger', sources.ledger),
    jobs: read('jobs', sources.jobs),
    callbacks: read('callbacks', sources.callbacks),
  };
  registerDeploymentMetrics(registry, reads);

  const requests = new Histogram({
    name: 'playon_http_request_duration_seconds',
    help: 'Requests this instance answered, by route pattern, method and status, and how long each took',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'playon_websocket_connections',
    help: 'WebSockets (/ws) this instance holds open',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });
  new Gauge({
    name: 'playon_dependency_up',
    // In a cluster, 0 when any worker cannot reach it.
    aggregator: 'min',
    help: 'Whether this instance reaches its database and Redis (1) or not (0), as /api/ready checks them; no redis series without REDIS_URL',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      const { database, redis } = await sources.dependencies();
      this.reset();
      this.set({ dependency: 'database' }, database === 'up' ? 1 : 0);
      if (redis !== 'off') this.set({ dependency: 'redis' }, redis === 'up' ? 1 : 0);
    },
  });
  const providerFetch = createProviderRequestCounter(registry);

  const clusterText = isClusterWorker() ? workerMetrics([processMetrics(), registry]) : undefined;

  return {
    /** Times every request this app answers; registered first, so no route is missed. */
    observeRequests(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        requests.observe(
          { method: request.method, route: routeOf(request), status_code: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      });
    },
    /**
     * The Prometheus text: this process's metrics, then this app's; in a cluster's worker, every
     * worker's, aggregated by the primary (this worker's alone, with a warning, if it cannot answer).
     */
    async text() {
      if (clusterText) {
        try {
          return await clusterText();
        } catch (err) {
          log.warn({ err }, "the cluster's metrics could not be gathered; this worker's alone answer");
        }
      }
      return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
    },
    /** A fetch for a payment provider's client that counts its requests (playon_provider_requests_total). */
    providerFetch,
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * How many connections upgraded at `path` (the /ws sockets) this server holds open, counted on the
 * HTTP server itself: the WebSocket server lives inside the realtime module's plugin.
 */
export function openUpgrades(server: Server, path: string) {
  let open = 0;
  server.on('upgrade', (request: IncomingMessage, socket: Duplex) => {
    if ((request.url ?? '').split('?')[0] !== path) return;
    open++;
    socket.once('close', () => {
      open--;
    });
  });
  return () => open;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the token's length nor its first wrong character shows in the time taken. */
function isToken(authorization: string | undefined, token: string) {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics in the Prometheus text format. With METRICS_TOKEN it asks for that bearer token (401
 * otherwise); without one it is open on a laptop and answers 404 in production (ADR 0030).
 */
export function metricsRoutes(metrics: Metrics, access: Config['metrics']) {
  return async (app: FastifyInstance) => {
    if (access.access === 'off') {
      app.log.warn('METRICS_TOKEN is not set: /metrics answers 404 (set it to let Prometheus scrape)');
    }
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      if (access.access === 'off') throw new AppError('NOT_FOUND', messages.routeNotFound);
      if (access.access === 'token' && !isToken(request.headers.authorization, access.token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('UNAUTHENTICATED', 'The metrics token is missing or wrong.');
      }
      const text = await metrics.text();
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
    });
  };
}
