import type { DeviceTokenRequest } from '@playon/shared/device-token';
import type { Language } from '@playon/shared/i18n/language';
import type { PlayerNotification, VapidPublicKey } from '@playon/shared/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { PushEndpointRules } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import type { VapidConfig } from '../../platform/vapid.ts';
import type { Player } from '../auth/service.ts';
import type { Realtime } from '../realtime/service.ts';
import {
  capPerPlayer,
  createDelivery,
  inLanguage,
  type PushSubscriptions,
  toPlayerNotification,
} from './delivery.ts';
import { PUSH_JOB } from './jobs.ts';
import { createPushEndpoints, type Resolve } from './push-endpoints.ts';
import { createNotificationRepo, type GroupRecipient } from './repo.ts';
import { createWebPush } from './web-push.ts';

/** What the list shows: the latest ones (docs/api.md). */
const LIST_LIMIT = 100;
const VALUES_PER_STATEMENT = 1000;
/** The browser's push service is not one this server sends to (PUSH_ENDPOINT_HOSTS). */
const PUSH_SERVICE_REFUSED = 'Notifications cannot be turned on for this browser.';

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

export type { GroupRecipient };

export interface GroupInput {
  kind: string;
  /** The dedupe keys' common start, e.g. `tournament:7:ended:`; each key is it followed by the uid. */
  group: string;
  /**
   * Each player once. A group too big for memory (a tournament's million players) comes as an async
   * iterable its module reads page by page: it is written a statement's worth at a time as it comes.
   */
  recipients: Iterable<GroupRecipient> | AsyncIterable<GroupRecipient>;
}

export interface NotificationServiceDeps {
  db: Db;
  jobs: JobQueue;
  /** How a notification reaches the player's open app at once. */
  realtime: Realtime;
  vapid: VapidConfig;
  /** Which push services the server sends to (ADR 0016). */
  pushEndpoints: PushEndpointRules;
  /** How push services' names resolve: the system's resolver unless a test gives one. */
  resolve?: Resolve;
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
  realtime,
  vapid,
  pushEndpoints,
  resolve,
  subscriptions,
  log,
}: NotificationServiceDeps) {
  const repo = createNotificationRepo(db);
  const endpoints = createPushEndpoints(pushEndpoints, resolve);
  const { groupJobs, jobHandlers } = createDelivery({
    repo,
    jobs,
    realtime,
    webPush: createWebPush(vapid, endpoints),
    subscriptions,
    log,
  });

  /** Writes it in `tx` and schedules its delivery; false when its dedupe key was written before. */
  function record(tx: Db, input: NotificationInput): Promise<boolean> {
    return repo.insertWithJob(input, PUSH_JOB, tx);
  }

  /** One notification per recipient in `tx`, and the jobs that deliver them slice by slice; resolves to how many were new. */
  async function recordGroup(tx: Db, { kind, group, recipients }: GroupInput): Promise<number> {
    let written = 0;
    let batch: GroupRecipient[] = [];
    for await (const recipient of recipients) {
      batch.push(recipient);
      if (batch.length < VALUES_PER_STATEMENT) continue;
      written += await repo.insertGroup(kind, group, batch, tx);
      batch = [];
    }
    if (batch.length > 0) written += await repo.insertGroup(kind, group, batch, tx);
    if (written === 0) return 0;
    const delivery = groupJobs(group, written);
    for (let i = 0; i < delivery.length; i += VALUES_PER_STATEMENT) {
      await jobs.enqueueAll(delivery.slice(i, i + VALUES_PER_STATEMENT), tx);
    }
    return written;
  }

  /**
   * `POST /api/profile/device-token`: a browser's subscription, on an allowed push service only; a
   * player's browsers past MAX_BROWSERS_PER_PLAYER lose their oldest.
   */
  async function saveDeviceToken(player: Player, request: DeviceTokenRequest): Promise<void> {
    // The route's schema made sure it is a PushSubscription.
    const { endpoint } = JSON.parse(request.deviceToken) as { endpoint: string };
    const problem = await endpoints.subscribeProblem(endpoint);
    if (problem) {
      log.info(
        { uid: player.uid, origin: URL.parse(endpoint)?.origin, problem },
        'push subscription refused',
      );
      throw new AppError('BAD_REQUEST', PUSH_SERVICE_REFUSED, { deviceToken: PUSH_SERVICE_REFUSED });
    }
    await subscriptions.saveDeviceToken(player, request);
    const { dropped } = capPerPlayer(await subscriptions.pushSubscriptionsOf(player.uid));
    for (const old of dropped) await subscriptions.deletePushSubscription(player.uid, old.endpoint);
  }

  return {
    record,
    recordGroup,
    saveDeviceToken,
    /** The player's latest notifications, newest first, in the language they are read in (old ones too). */
    async listOf(uid: string, language: Language = 'en'): Promise<PlayerNotification[]> {
      return (await repo.latestOf(uid, LIST_LIMIT)).map((row) =>
        toPlayerNotification(inLanguage(row, language)),
      );
    },
    vapidPublicKey: (): VapidPublicKey => ({ publicKey: vapid.publicKey }),
    /** The push jobs' handlers, for registerNotificationJobs (jobs.ts). */
    jobHandlers,
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
/** What other modules call, in their own transactions. */
export type Notifier = Pick<NotificationService, 'record' | 'recordGroup'>;
export {
  BROADCAST_JOB,
  type NotificationJobHandlers,
  PUSH_GROUP_JOB,
  PUSH_JOB,
  PUSH_RETRY_JOB,
  registerNotificationJobs,
} from './jobs.ts';
/** Broadcasts from the console, through this outbox. */
export {
  type AudienceSource,
  type BroadcastAudiences,
  type Broadcasts,
  createBroadcasts,
} from './ops/actions.ts';
/** A player's notifications for a data request, and their erasure. */
export { createNotificationPlayerData } from './player-data.ts';
export { notifications } from './schema.ts';
