import { createHash } from 'node:crypto';
import type { DeviceTokenRequest } from '@playon/shared/device-token';
import type { Language } from '@playon/shared/i18n/language';
import { notificationText } from '@playon/shared/i18n/notifications-sw';
import type { PlayerNotification } from '@playon/shared/notifications';
import type { FastifyBaseLogger } from 'fastify';
import { backoffMs, type JobHandler, type JobQueue } from '../../platform/jobs/index.ts';
import { batchOnNextTurn } from '../../platform/next-turn.ts';
import type { Player } from '../auth/service.ts';
import type { Realtime } from '../realtime/service.ts';
import { PUSH_GROUP_JOB, PUSH_RETRY_JOB } from './jobs.ts';
import { groupSlices, type IdSlice, type NotificationRepo, type NotificationRow } from './repo.ts';
import type { PushTarget, WebPush } from './web-push.ts';

/** Tries per browser, the first included: with the queue's backoff, about four minutes; then given up (logged). */
const PUSH_ATTEMPTS = 8;
/** About this many of a group's rows per job; a job stops early once its time is up, well inside the queue's lease. */
const GROUP_SLICE_ROWS = 200;
const PARALLEL = 25;
const GROUP_JOB_BUDGET_MS = 30_000;

/** What the profile module keeps of players' browsers. */
export interface PushSubscriptions {
  /** Stores a subscription the notifications service has checked (service.ts). */
  saveDeviceToken(player: Player, request: DeviceTokenRequest): Promise<void>;
  pushSubscriptionsOf(uid: string): Promise<SubscriptionRow[]>;
  pushSubscriptionsOfPlayers(uids: string[]): Promise<SubscriptionRow[]>;
  deletePushSubscription(uid: string, endpoint: string): Promise<void>;
  /** The language each player chose (their profile's; null: never chosen). Without it, everyone reads English. */
  languagesOf?(uids: string[]): Promise<Map<string, Language | null>>;
}
export interface SubscriptionRow {
  playerUid: string;
  endpoint: string;
  subscription: unknown;
  /** When the browser last registered it: the oldest go first past the cap. */
  updatedAt: Date;
}

/** Browsers a player keeps; a new one past this drops the oldest (ADR 0016), and no push goes to more. */
export const MAX_BROWSERS_PER_PLAYER = 10;

/** Each player's newest MAX_BROWSERS_PER_PLAYER subscriptions, and the ones past it. */
export function capPerPlayer(rows: SubscriptionRow[]): {
  kept: SubscriptionRow[];
  dropped: SubscriptionRow[];
} {
  const newestFirst = [...rows].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  const counts = new Map<string, number>();
  const kept: SubscriptionRow[] = [];
  const dropped: SubscriptionRow[] = [];
  for (const row of newestFirst) {
    const count = (counts.get(row.playerUid) ?? 0) + 1;
    counts.set(row.playerUid, count);
    (count <= MAX_BROWSERS_PER_PLAYER ? kept : dropped).push(row);
  }
  return { kept, dropped };
}

export interface DeliveryDeps {
  repo: NotificationRepo;
  jobs: JobQueue;
  realtime: Realtime;
  webPush: WebPush;
  subscriptions: PushSubscriptions;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export function toPlayerNotification(row: NotificationRow): PlayerNotification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    url: row.url,
  };
}

/**
 * The notification as `language` says it (ADR 0032): stored in English, said in the reader's language
 * each time it is read or pushed. An operator's broadcast is said as the operator wrote it: in
 * Kiswahili where they wrote one, else in their English (ADR 0063).
 */
export function inLanguage(row: NotificationRow, language: Language): NotificationRow {
  if (language === 'en') return row;
  if (row.kind === 'broadcast')
    return { ...row, title: row.titleSw ?? row.title, body: row.bodySw ?? row.body };
  return { ...row, title: notificationText(row.title, language), body: notificationText(row.body, language) };
}

// Endpoints are capability URLs: logs name their origin only.
const originOf = (endpoint: string) => URL.parse(endpoint)?.origin ?? 'unknown';
const retryKey = (id: string, endpoint: string) =>
  `${PUSH_RETRY_JOB}:${id}:${createHash('sha256').update(endpoint).digest('base64url')}`;

/**
 * The jobs that take a stored notification to the player: live over /ws (best effort, on a job's
 * first run only) and by Web Push to each of their browsers. At least once: a crash before a job is
 * done sends its pushes again, which the service worker shows as the same notification (its id).
 */
export function createDelivery({ repo, jobs, realtime, webPush, subscriptions, log }: DeliveryDeps) {
  async function pushTo(row: NotificationRow, subscription: SubscriptionRow) {
    const { id, title, body, url } = row;
    const result = await webPush.send(
      subscription.subscription as PushTarget,
      JSON.stringify({ title, body, url, id }),
    );
    const origin = originOf(subscription.endpoint);
    if (result.outcome === 'gone') {
      await subscriptions.deletePushSubscription(row.uid, subscription.endpoint);
      log.info(
        { notificationId: id, origin, status: result.status, reason: result.reason },
        'push subscription gone: deleted',
      );
    } else if (result.outcome === 'refused') {
      log.warn({ notificationId: id, origin, status: result.status, reason: result.reason }, 'push refused');
    }
    return result;
  }

  async function announceLive(rows: NotificationRow[]) {
    await Promise.all(
      rows.map((row) =>
        realtime
          .sendToPlayers([row.uid], { type: 'notification', notification: toPlayerNotification(row) })
          // The player reads it from the list; the push still goes out.
          .catch((err) => log.warn({ err, notificationId: row.id }, 'could not publish a notification live')),
      ),
    );
  }

  /** `rows` each in its player's language (English when never chosen). */
  async function inTheirLanguages(rows: NotificationRow[]): Promise<NotificationRow[]> {
    if (!subscriptions.languagesOf || rows.length === 0) return rows;
    const languages = await subscriptions.languagesOf([...new Set(rows.map((row) => row.uid))]);
    return rows.map((row) => inLanguage(row, languages.get(row.uid) ?? 'en'));
  }

  const browsersOf = async (rows: NotificationRow[]) =>
    capPerPlayer(await subscriptions.pushSubscriptionsOfPlayers([...new Set(rows.map((row) => row.uid))]))
      .kept;

  /**
   * Pushes `rows` to every browser of their players (`found`, looked up when not given); a browser
   * that failed gets a retry job of its own.
   */
  async function deliver(stored: NotificationRow[], live: boolean, found?: SubscriptionRow[]) {
    const rows = await inTheirLanguages(stored);
    if (live) await announceLive(rows);
    const browsers = found ?? (await browsersOf(rows));
    const retries: Parameters<JobQueue['enqueueAll']>[0] = [];
    await Promise.all(
      rows.flatMap((row) =>
        browsers
          .filter((subscription) => subscription.playerUid === row.uid)
          .map(async (subscription) => {
            if ((await pushTo(row, subscription)).outcome !== 'failed') return;
            retries.push({
              kind: PUSH_RETRY_JOB,
              payload: { notificationId: row.id, endpoint: subscription.endpoint },
              options: { delayMs: backoffMs(1), key: retryKey(row.id, subscription.endpoint) },
            });
          }),
      ),
    );
    await jobs.enqueueAll(retries);
  }

  /**
   * The push jobs run at about the same moment (those of one claim) delivered together: their
   * notifications, their players' languages and browsers read in one statement each instead of one
   * each per job (ADR 0061). A failure of the batch is each of its jobs', and each runs again.
   */
  const pushTogether = batchOnNextTurn(async (asked: { id: string; live: boolean }[]) => {
    const found = new Map(
      (await repo.byIds([...new Set(asked.map((job) => job.id))])).map((row) => [row.id, row]),
    );
    // Gone with its player (deleted account): nothing to say to anyone.
    const rowsOf = (live: boolean) =>
      asked.flatMap((job) => {
        const row = job.live === live ? found.get(job.id) : undefined;
        return row ? [row] : [];
      });
    for (const live of [true, false]) {
      const rows = rowsOf(live);
      if (rows.length > 0) await deliver(rows, live);
    }
    return asked.map(() => undefined);
  });

  /** PUSH_JOB's handler. */
  const push: JobHandler = (payload, job) =>
    pushTogether({ id: String(payload.notificationId), live: job.attempts === 1 });

  /** PUSH_RETRY_JOB's handler. */
  const pushRetry: JobHandler = async (payload, job) => {
    const endpoint = String(payload.endpoint);
    const [row] = await inTheirLanguages(
      [await repo.byId(String(payload.notificationId))].filter((found) => found !== undefined),
    );
    if (!row) return;
    const subscription = capPerPlayer(await subscriptions.pushSubscriptionsOf(row.uid)).kept.find(
      (s) => s.endpoint === endpoint,
    );
    if (!subscription) return;
    const result = await pushTo(row, subscription);
    if (result.outcome !== 'failed') return;
    const context = {
      notificationId: row.id,
      origin: originOf(endpoint),
      status: result.status,
      reason: result.reason,
    };
    if (job.attempts + 1 >= PUSH_ATTEMPTS) {
      log.warn({ ...context, attempts: PUSH_ATTEMPTS }, 'push given up');
      return;
    }
    throw new Error(`push to ${context.origin} failed: ${result.status ?? result.reason}`);
  };

  /** A slice of a group per job; one that runs out of time hands the rest of its slice to a new job. */
  const pushGroup: JobHandler = async (payload, job) => {
    const group = String(payload.group);
    const slice = payload.slice as IdSlice;
    const rows = await repo.groupSlice(group, slice, (payload.after as string | null) ?? null);
    const started = Date.now();
    const browsers = await browsersOf(rows);
    let done = 0;
    while (done < rows.length && Date.now() - started < GROUP_JOB_BUDGET_MS) {
      await deliver(rows.slice(done, done + PARALLEL), job.attempts === 1, browsers);
      done += PARALLEL;
    }
    const last = rows[done - 1];
    if (done >= rows.length || !last) return;
    await jobs.enqueue(
      PUSH_GROUP_JOB,
      { group, slice, after: last.id },
      { key: `${PUSH_GROUP_JOB}:${group}:${last.id}` },
    );
  };

  /** The jobs that deliver a group of `rows` new notifications: slices of about 200 rows, run in parallel. */
  function groupJobs(group: string, rows: number): Parameters<JobQueue['enqueueAll']>[0] {
    const count = 2 ** Math.max(0, Math.ceil(Math.log2(rows / GROUP_SLICE_ROWS)));
    return groupSlices(group, count).map((slice) => ({
      kind: PUSH_GROUP_JOB,
      payload: { group, slice, after: null },
      options: { key: `${PUSH_GROUP_JOB}:${group}:${slice.from}` },
    }));
  }

  /** The handlers of the push jobs, registered with the module's other jobs (jobs.ts). */
  return { groupJobs, jobHandlers: { push, pushRetry, pushGroup } };
}
