import type { PlayerNotification, VapidPublicKey } from '@playon/shared/notifications';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus/index.ts';
import type { Db } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import type { VapidConfig } from '../../platform/vapid.ts';
import { createRealtime } from '../realtime/service.ts';
import { createDelivery, PUSH_JOB, type PushSubscriptions, toPlayerNotification } from './delivery.ts';
import { createNotificationRepo } from './repo.ts';
import { createWebPush } from './web-push.ts';

/** What the list shows: the latest ones (docs/api.md). */
const LIST_LIMIT = 100;
const VALUES_PER_STATEMENT = 1000;

export interface NotificationInput {
  uid: string;
  /** What caused it, for operators: 'payment-completed', 'tournament-ended', … */
  kind: string;
  title: string;
  body: string;
  /** Where a tap leads in the app, or null. */
  url: string | null;
  /** Unique: the same cause replayed (a repeated callback, a second ranking run) writes nothing more. */
  dedupeKey: string;
}

export interface GroupRecipient {
  uid: string;
  title: string;
  body: string;
  url: string | null;
}

export interface GroupInput {
  kind: string;
  /** The dedupe keys' common start, e.g. `tournament:7:ended:`; each key is it followed by the uid. */
  group: string;
  /** A list, or a SELECT of (uid, title, body, url) in the caller's module, for groups too big for memory. */
  recipients: GroupRecipient[] | SQL;
}

export interface NotificationServiceDeps {
  db: Db;
  jobs: JobQueue;
  bus: Bus;
  vapid: VapidConfig;
  subscriptions: PushSubscriptions;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * In-app notifications and Web Push (ADR 0013). A notification is written in the transaction of
 * what caused it, together with the durable job that delivers it, so it is delivered at least once
 * or not at all, exactly as its cause.
 */
export function createNotificationService({
  db,
  jobs,
  bus,
  vapid,
  subscriptions,
  log,
}: NotificationServiceDeps) {
  const repo = createNotificationRepo(db);
  const groupJobs = createDelivery({
    repo,
    jobs,
    realtime: createRealtime(bus),
    webPush: createWebPush(vapid),
    subscriptions,
    log,
  });

  /** Writes it in `tx` and schedules its delivery; false when its dedupe key was written before. */
  async function record(tx: Db, input: NotificationInput): Promise<boolean> {
    const row = await repo.insert(input, tx);
    if (!row) return false;
    await jobs.enqueue(PUSH_JOB, { notificationId: row.id }, {}, tx);
    return true;
  }

  /** One notification per recipient in `tx`, and the jobs that deliver them slice by slice; resolves to how many were new. */
  async function recordGroup(tx: Db, { kind, group, recipients }: GroupInput): Promise<number> {
    let written = 0;
    if (Array.isArray(recipients)) {
      for (let i = 0; i < recipients.length; i += VALUES_PER_STATEMENT) {
        const rows = recipients
          .slice(i, i + VALUES_PER_STATEMENT)
          .map(
            ({ uid, title, body, url }) => sql`(${uid}::text, ${title}::text, ${body}::text, ${url}::text)`,
          );
        const values = sql`select * from (values ${sql.join(rows, sql`, `)}) as v(uid, title, body, url)`;
        written += await repo.insertGroup(kind, group, values, tx);
      }
    } else {
      written = await repo.insertGroup(kind, group, recipients, tx);
    }
    if (written === 0) return 0;
    const delivery = groupJobs(group, written);
    for (let i = 0; i < delivery.length; i += VALUES_PER_STATEMENT) {
      await jobs.enqueueAll(delivery.slice(i, i + VALUES_PER_STATEMENT), tx);
    }
    return written;
  }

  return {
    record,
    recordGroup,
    /** The player's latest notifications, newest first. */
    async listOf(uid: string): Promise<PlayerNotification[]> {
      return (await repo.latestOf(uid, LIST_LIMIT)).map(toPlayerNotification);
    },
    vapidPublicKey: (): VapidPublicKey => ({ publicKey: vapid.publicKey }),
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
/** What other modules call, in their own transactions. */
export type Notifier = Pick<NotificationService, 'record' | 'recordGroup'>;
export { PUSH_GROUP_JOB, PUSH_JOB, PUSH_RETRY_JOB } from './delivery.ts';
export { notifications } from './schema.ts';
