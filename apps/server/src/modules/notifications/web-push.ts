import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import webPush from 'web-push';
import type { VapidConfig } from '../../platform/vapid.ts';
import type { Destination, PushEndpoints } from './push-endpoints.ts';

/** A browser's PushSubscription as stored from `POST /api/profile/device-token`. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * sent: the push service took it. gone (404, 410, keys nothing can be encrypted for, or an
 * endpoint the rules refuse): forget the subscription. failed (network, a name that did not
 * resolve, timeout, 408, 429, 5xx): try again later. refused (any other answer): trying again
 * would get the same answer.
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
 * the request itself goes out through node:http(s), connected to the address `endpoints` checked
 * (ADR 0016), with a timeout; a local receiver speaks plain http when the rules allow it.
 */
export function createWebPush(vapid: VapidConfig, endpoints: PushEndpoints) {
  return {
    async send(target: PushTarget, payload: string): Promise<PushOutcome> {
      const destination = await endpoints.destinationOf(target.endpoint);
      if (!destination.ok) {
        return { outcome: destination.retry ? 'failed' : 'gone', reason: destination.problem };
      }
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
        const status = await post(destination, request.headers, request.body);
        return { outcome: outcomeOf(status), status };
      } catch (error) {
        return { outcome: 'failed', reason: (error as Error).message };
      }
    },
  };
}

/** POSTs to the destination's URL over a connection to its checked address, never another one. */
function post(
  { url, address }: Extract<Destination, { ok: true }>,
  headers: Record<string, string | number>,
  body: Buffer | null,
): Promise<number> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
        // An IP literal is connected to as it is (checked); a name only ever "resolves" to its checked address.
        lookup: pinned,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body ?? undefined);
  });
}

function outcomeOf(status: number): PushOutcome['outcome'] {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 408 || status === 429 || status >= 500) return 'failed';
  return 'refused';
}

export type WebPush = ReturnType<typeof createWebPush>;
