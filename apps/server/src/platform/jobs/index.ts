import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { builtOnce, type Db, executePrepared } from '../db.ts';
import { withWorkContext } from '../request-context.ts';
import { continueTrace } from '../tracing.ts';
import { backoffMs, claimJobs, DEFAULT_MAX_ATTEMPTS } from './claim.ts';
import { type DeadJob, listDeadJobs, retryDeadJob } from './dead.ts';
import { jobRows } from './enqueue.ts';
import { jobs } from './schema.ts';

export { backoffMs, claimJobs, DEFAULT_MAX_ATTEMPTS, LEASE_LAPSED_ERROR } from './claim.ts';
export type { DeadJob } from './dead.ts';
export {
  enqueueGatedStatement,
  enqueueStatement,
  type JobOrigin,
  jobForEachRowSql,
  jobOrigin,
  type NewJob,
} from './enqueue.ts';

/** A handler asks to run again later (an outcome not known yet) without it counting as a failure. */
export class RunAgainLater extends Error {
  readonly delayMs: number;
  constructor(delayMs: number, reason: string) {
    super(reason);
    this.name = 'RunAgainLater';
    this.delayMs = delayMs;
  }
}

export type JobHandler = (
  payload: Record<string, unknown>,
  job: { id: number; attempts: number },
) => Promise<void>;

export interface JobQueue {
  /** Adds a job; with a `key`, nothing happens while a job with that key is still waiting. */
  enqueue(
    kind: string,
    payload: Record<string, unknown>,
    options?: { runAt?: Date; delayMs?: number; key?: string },
    tx?: Db,
  ): Promise<void>;
  /** Adds several jobs in one statement (same rules as enqueue). */
  enqueueAll(
    list: {
      kind: string;
      payload: Record<string, unknown>;
      options?: { runAt?: Date; delayMs?: number; key?: string };
    }[],
    tx?: Db,
  ): Promise<void>;
  /**
   * Removes the waiting jobs of these keys, in `tx` when given: their work was done another way (a
   * payment's look-up once the payment is final). One claimed meanwhile finishes as it would.
   */
  cancel(keys: string[], tx?: Db): Promise<void>;
  /**
   * Runs jobs of `kind` with `handler`. After `maxAttempts` failures in a row (default
   * DEFAULT_MAX_ATTEMPTS) a job is dead: it stops, is logged once at error level, and waits for
   * `retryDeadJob`. A `RunAgainLater` is not a failure.
   */
  register(kind: string, handler: JobHandler, options?: { maxAttempts?: number }): void;
  /** Claims and runs the jobs due now; resolves with how many ran. The worker loop calls it. */
  runDue(limit?: number): Promise<number>;
  start(options?: { intervalMs?: number }): void;
  /** Looks for due jobs now instead of at the next tick (after committing one that should run at once). */
  kick(): void;
  /** Stops claiming and waits for the jobs in hand. */
  stop(): Promise<void>;
  /** The dead jobs, most recently dead first: what the operator console lists. */
  listDeadJobs(options?: { limit?: number }): Promise<DeadJob[]>;
  /** Puts a dead job back in the queue, due now, with its failures forgotten; NOT_FOUND when it is not dead. */
  retryDeadJob(id: number): Promise<void>;
}

/**
 * Jobs claimed at once: those of one claim run together, and the kinds that batch (payouts, pushes)
 * send them as one. 10 before ADR 0061; 32 halved the claims and deletions of a payday's payouts.
 */
const CLAIM_LIMIT = 32;

const doneStatement = builtOnce(sql`delete from jobs where id = any(${sql.placeholder('ids')}::bigint[])`);
const cancelStatement = builtOnce(sql`delete from jobs where key = any(${sql.placeholder('keys')}::text[])`);

/**
 * Durable jobs in the database (ADR 0008): claimed with FOR UPDATE SKIP LOCKED under a lease, so
 * several workers and instances share them; at least once, so handlers are idempotent; a job
 * survives a restart because it is a row. Done jobs are deleted; one that failed its kind's maximum of
 * times in a row is dead and waits for an operator (ADR 0017).
 */
export function createJobQueue(db: Db, log: FastifyBaseLogger): JobQueue {
  const handlers = new Map<string, { handler: JobHandler; maxAttempts: number }>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  /**
   * The claim, built once per set of kinds and prepared on each connection under a name of its text
   * (its kinds): the worker runs it after every kick, so building it each time was about 6 % of the
   * server's CPU in the ledger bench.
   */
  let claimQuery:
    | { kinds: string; execute(values: { limit: number }): Promise<(typeof jobs.$inferSelect)[]> }
    | undefined;
  function claimStatement() {
    const kinds = [...handlers.keys()];
    const named = kinds.join(',');
    if (claimQuery?.kinds === named) return claimQuery;
    const prepared = claimJobs(db, kinds).prepare(
      `jobs_claim_${createHash('sha1').update(named).digest('hex').slice(0, 16)}`,
    );
    claimQuery = { kinds: named, execute: (values) => prepared.execute(values) };
    return claimQuery;
  }

  const claim = (limit: number) => claimStatement().execute({ limit });

  /** Stops a job for good (until an operator retries it); logged once, by whoever marked it. */
  async function markDead(job: typeof jobs.$inferSelect, failures: number, lastError: string | null) {
    const [dead] = await db
      .update(jobs)
      .set({ deadAt: sql`now()`, lockedUntil: null, failures, lastError })
      .where(and(eq(jobs.id, job.id), isNull(jobs.deadAt)))
      .returning({ id: jobs.id });
    if (dead)
      log.error(
        { job: { id: job.id, kind: job.kind, attempts: job.attempts, failures }, lastError },
        'job is dead: it failed too many times in a row and will not run again until an operator retries it',
      );
  }

  /**
   * Jobs done at about the same moment (those of one claim, mostly) are deleted in one statement:
   * each waits for it, so a job is gone when its run is over, as before, for one round trip and
   * one commit among them instead of one each.
   */
  let done: number[] = [];
  let deleting: Promise<void> | undefined;
  function deleteDone(id: number): Promise<void> {
    done.push(id);
    deleting ??= new Promise((resolve) => setImmediate(resolve)).then(async () => {
      const ids = done;
      done = [];
      deleting = undefined;
      await executePrepared(db, 'jobs_done', doneStatement, { ids });
    });
    return deleting;
  }

  /**
   * A job runs as part of the request that enqueued it, on whichever instance claimed it: its log
   * lines carry that request's id and its spans continue that request's trace (ADR 0051).
   */
  function runOne(job: typeof jobs.$inferSelect) {
    const registered = handlers.get(job.kind);
    if (!registered) return;
    return withWorkContext(job.requestId, log, () =>
      continueTrace(job.traceContext, `job ${job.kind}`, () => runRegistered(job, registered), {
        attributes: {
          'playon.job.id': job.id,
          'playon.job.kind': job.kind,
          'playon.job.attempts': job.attempts,
        },
      }),
    );
  }

  async function runRegistered(
    job: typeof jobs.$inferSelect,
    registered: { handler: JobHandler; maxAttempts: number },
  ) {
    // Its last runs died with their worker as many times as allowed: running it again may kill this one.
    if (job.failures >= registered.maxAttempts) return markDead(job, job.failures, job.lastError);
    try {
      await registered.handler(job.payload as Record<string, unknown>, {
        id: job.id,
        attempts: job.attempts,
      });
      await deleteDone(job.id);
    } catch (error) {
      const later = error instanceof RunAgainLater;
      const lastError = error instanceof Error ? error.message.slice(0, 500) : String(error);
      const failures = later ? 0 : job.failures + 1;
      if (failures >= registered.maxAttempts) return markDead(job, failures, lastError);
      const delay = later ? error.delayMs : backoffMs(job.attempts);
      if (!later)
        log.warn(
          { err: error, job: { id: job.id, kind: job.kind, attempts: job.attempts, failures } },
          'job failed',
        );
      await db
        .update(jobs)
        .set({
          runAt: sql`now() + ${`${delay} milliseconds`}::interval`,
          lockedUntil: null,
          lastError,
          failures,
        })
        .where(eq(jobs.id, job.id));
    }
  }

  let interval = 500;
  let ticking = false;
  let kicked = false;
  const tick = async () => {
    if (stopped) return;
    ticking = true;
    try {
      // Keep going while there is work (or a kick came meanwhile); then wait for the next tick.
      do {
        kicked = false;
        while (!stopped && (await queue.runDue()) > 0);
      } while (kicked && !stopped);
    } catch (err) {
      log.error({ err }, 'job worker tick failed');
    } finally {
      ticking = false;
    }
    if (!stopped)
      timer = setTimeout(() => {
        running = tick();
      }, interval);
  };

  const queue: JobQueue = {
    enqueue(kind, payload, options = {}, tx = db) {
      return queue.enqueueAll([{ kind, payload, options }], tx);
    },
    async enqueueAll(list, tx = db) {
      if (list.length === 0) return;
      await tx.insert(jobs).values(jobRows(list)).onConflictDoNothing({ target: jobs.key });
    },
    async cancel(keys, tx = db) {
      if (keys.length === 0) return;
      await executePrepared(tx, 'jobs_cancel', cancelStatement, { keys });
    },
    register(kind, handler, { maxAttempts = DEFAULT_MAX_ATTEMPTS } = {}) {
      handlers.set(kind, { handler, maxAttempts });
    },
    async runDue(limit = CLAIM_LIMIT) {
      if (handlers.size === 0) return 0;
      const claimed = await claim(limit);
      await Promise.all(claimed.map(runOne));
      return claimed.length;
    },
    start({ intervalMs = 500 } = {}) {
      if (!stopped) return;
      stopped = false;
      interval = intervalMs;
      running = tick();
    },
    kick() {
      if (stopped) return;
      if (ticking) {
        kicked = true;
        return;
      }
      if (timer) clearTimeout(timer);
      running = tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    listDeadJobs: (options) => listDeadJobs(db, options),
    async retryDeadJob(id) {
      await retryDeadJob(db, id);
      queue.kick();
    },
  };
  return queue;
}
