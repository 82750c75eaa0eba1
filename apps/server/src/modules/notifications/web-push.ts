import webPush from 'web-push';
import type { VapidConfig } from '../../platform/vapid.ts';

/** A browser's PushSubscription as stored from `POST /api/profile/device-token`. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * sent: the push service took it. gone (404, 410, or keys nothing can be encrypted for): forget
 * the subscription. failed (network, timeout, 408, 429, 5xx): try again later. refused (any other
 * answer): trying again would get the same answer.
 */
export type PushOutcome = {
  outcome: 'sent' | 'gone' | 'failed' | 'refused';
  status?: number;
  reason?: string;
};

/** A push service answers within this or the attempt counts as failed. */
const PUSH_TIMEOUT_MS = 10_000;
/** A phone that is off for a day does not need yesterday's news. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm (RFC 8291). web-push encrypts and signs;
 * the request itself goes out through fetch, which gives it a timeout and speaks plain http to a
 * local endpoint as well (web-push's own sender only speaks https).
 */
export function createWebPush(vapid: VapidConfig) {
  return {
    async send(target: PushTarget, payload: string): Promise<PushOutcome> {
      let request: ReturnType<typeof webPush.generateRequestDetails>;
      try {
        request = webPush.generateRequestDetails(target, payload, {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
        });
      } catch (error) {
        return { outcome: 'gone', reason: (error as Error).message };
      }
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: Object.fromEntries(
            Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
          ),
          body: request.body ? new Uint8Array(request.body) : null,
          redirect: 'manual',
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
        await response.body?.cancel();
        return { outcome: outcomeOf(response.status), status: response.status };
      } catch (error) {
        return { outcome: 'failed', reason: (error as Error).message };
      }
    },
  };
}

function outcomeOf(status: number): PushOutcome['outcome'] {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 408 || status === 429 || status >= 500) return 'failed';
  return 'refused';
}

export type WebPush = ReturnType<typeof createWebPush>;
