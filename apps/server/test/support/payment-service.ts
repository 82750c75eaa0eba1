import {
  createPaymentService,
  type PaymentServiceDeps,
  registerPaymentJobs,
} from '../../src/modules/payments/service.ts';
import { createRealtime } from '../../src/modules/realtime/service.ts';
import { createWalletService } from '../../src/modules/wallet/service.ts';
import { createInProcessBus } from '../../src/platform/bus/index.ts';
import { createJobQueue } from '../../src/platform/jobs/index.ts';
import type { TestApp } from './app.ts';
import { paymentProviders, recordingDaraja } from './payments.ts';

/**
 * The payment service alone on a test app's database, for the tests of its rules: the providers of
 * `paymentProviders` and a recording Daraja, a job queue of its own with the service's jobs on it
 * (as app.ts registers them on the app's), and reconciliation a minute away, so only the test
 * reconciles. `deps` replaces any of these (a Daraja that fails on purpose, another config).
 */
export async function createTestPaymentService(t: TestApp, deps: Partial<PaymentServiceDeps> = {}) {
  const log = deps.log ?? t.app.log;
  const queue = deps.jobs ?? createJobQueue(t.database.db, log);
  const wallet = deps.wallet ?? createWalletService(t.database.db);
  const payments = createPaymentService({
    db: t.database.db,
    config: { ...t.config, reconcileAfterMs: 60_000 },
    ...(await paymentProviders(t)),
    daraja: recordingDaraja().client,
    realtime: createRealtime(createInProcessBus()),
    ...deps,
    wallet,
    jobs: queue,
    log,
  });
  registerPaymentJobs(queue, payments.jobHandlers);
  return { payments, queue, wallet };
}

/** A provider's part a test calls directly: every provider is on in a test app (support/app.ts). */
export function providerOn<T>(part: T | undefined): T {
  if (part === undefined) throw new Error('this provider is off in this test app');
  return part;
}

/**
 * `client` with its `method` failing on purpose: while `failure()` gives an error, a call is refused
 * with it; otherwise it goes to the client as usual.
 */
export function failingWhile<C extends object, K extends keyof C>(
  client: C,
  method: K,
  failure: () => Error | null,
): C {
  const call = client[method] as (...args: unknown[]) => Promise<unknown>;
  const failing = (...args: unknown[]) => {
    const error = failure();
    return error ? Promise.reject(error) : call(...args);
  };
  return { ...client, [method]: failing };
}
