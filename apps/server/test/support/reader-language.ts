import type { PlayerNotification } from '@playon/shared/notifications';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, type TestPlayer } from './players.ts';
import { decryptPush, type newBrowserSubscription, type startPushService } from './push-receiver.ts';

/** Saves the language on the player's profile, as the language screen does (null: never chosen). */
export async function chooseLanguage(app: FastifyInstance, player: TestPlayer, language: 'en' | 'sw' | null) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/profile/${player.uid}`,
    headers: bearer(player.token),
    payload: { language },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The notifications `service` pushed to one browser, decrypted as that browser reads them. */
export const pushesTo = (
  service: Awaited<ReturnType<typeof startPushService>>,
  browser: ReturnType<typeof newBrowserSubscription>,
) =>
  service.received
    .filter((push) => push.path === new URL(browser.subscription.endpoint).pathname)
    .map((push) => JSON.parse(decryptPush(push.body, browser).text) as PlayerNotification);

/** The player's notification list, read in `acceptLanguage` (the server's default without one). */
export const notificationsOf = async (app: FastifyInstance, player: TestPlayer, acceptLanguage?: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/profile/notifications',
      headers: { ...bearer(player.token), ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    })
  ).json().payload as PlayerNotification[];
