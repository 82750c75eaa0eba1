import type { FastifyInstance } from 'fastify';
import { parkedMpesaCallbacks, paymentCounts } from '../modules/payments/metrics-reads.ts';
import { systemAccountBalances } from '../modules/wallet/metrics-reads.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db.ts';
import { createMetrics, openUpgrades } from '../platform/metrics.ts';
import { jobQueueState } from '../platform/metrics-jobs.ts';

/**
 * GET /metrics (ADR 0030): the requests this instance answers, timed from here on, and what the
 * database says of payments, parked M-Pesa callbacks, the ledger and the job queue.
 */
export function wireMetrics(app: FastifyInstance, db: Db, config: Pick<Config, 'stkUnknownGiveUpMs'>) {
  const metrics = createMetrics(
    {
      payments: () => paymentCounts(db, config.stkUnknownGiveUpMs),
      ledger: () => systemAccountBalances(db),
      jobs: () => jobQueueState(db),
      callbacks: () => parkedMpesaCallbacks(db),
      dependencies: () => app.readiness.check(),
      sockets: openUpgrades(app.server, '/ws'),
    },
    app.log,
  );
  metrics.observeRequests(app);
  return metrics;
}
