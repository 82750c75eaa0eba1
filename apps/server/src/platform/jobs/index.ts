import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db.ts';
import { jobs } from './schema.ts';

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
  register(kind: string, handler: JobHandler): void;
  /** Claims and runs the jobs due now; resolves with how many ran. The worker loop calls it. */
  runDue(limit?: number): Promise<number>;
  start(options?: { intervalMs?: number }): void;
  /** Looks for due jobs now instead of at the next tick (after committing one that should run at once). */
  kick(): void;
  /** Stops claiming and waits for the jobs in hand. */
  stop(): Promise<void>;
}

/** How long a claim holds a job: a worker that died lets it lapse and the job runs again. */
const LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 10 * 60_000;

export const backoffMs = (attempts: number) => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 20));

/**
 * Durable jobs in the database (ADR 0008): claimed with FOR UPDATE SKIP LOCKED under a lease, so
 * several workers and instances share them; at least once, so handlers are idempotent; a job
 * survives a restart because it is a row. Done jobs are deleted.
 */
export function createJobQueue(db: Db, log: FastifyBaseLogger): JobQueue {
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function claim(limit: number) {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          lte(jobs.runAt, sql`now()`),
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
          inArray(jobs.kind, [...handlers.keys()]),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        lockedUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(sql`${jobs.id} in (${due})`)
      .returning();
  }

  async function runOne(job: typeof jobs.$inferSelect) {
    const handler = handlers.get(job.kind);
    if (!handler) return;
    try {
      await handler(job.payload as Record<string, unknown>, { id: job.id, attempts: job.attempts });
      await db.delete(jobs).where(eq(jobs.id, job.id));
    } catch (error) {
      const later = error instanceof RunAgainLater;
      const delay = later ? error.delayMs : backoffMs(job.attempts);
      if (!later)
        log.warn({ err: error, job: { id: job.id, kind: job.kind, attempts: job.attempts } }, 'job failed');
      await db
        .update(jobs)
        .set({
          runAt: sql`now() + ${`${delay} milliseconds`}::interval`,
          lockedUntil: null,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
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
      const now = Date.now();
      await tx
        .insert(jobs)
        .values(
          list.map(({ kind, payload, options = {} }) => ({
            kind,
            payload,
            runAt: options.runAt ?? new Date(now + (options.delayMs ?? 0)),
            key: options.key ?? null,
          })),
        )
        .onConflictDoNothing({ target: jobs.key });
    },
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    async runDue(limit = 10) {
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
  };
  return queue;
}
