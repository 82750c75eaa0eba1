import type { PlayerNotification } from '@playon/shared/notifications';
import { eq } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_JOB } from '../../src/modules/notifications/service.ts';
import { pushSubscriptions } from '../../src/modules/profile/schema.ts';
import type { TestApp } from '../support/app.ts';
import { clockedTopUp, createClockedTestApp } from '../support/clocked-top-up.ts';
import { runJobsNow } from '../support/jobs.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import {
  decryptPush,
  pushReceiverSettings,
  startPushService,
  subscribeToPush,
} from '../support/push-receiver.ts';
import { createSandboxClock } from '../support/sandbox-clock.ts';

// The whole way of a notification to a browser: a top-up completes through the M-Pesa sandbox, the
// push job sends it to a push service on a local port, and the test decrypts what arrived as the
// browser would. The app listens on a port so the sandbox can call it back, on a clock the test
// moves: the callback leaves once the top-up's answer (with its checkout id) is stored, never before.
const clock = createSandboxClock();
let t: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  pushService = await startPushService();
  t = await createClockedTestApp(clock, pushReceiverSettings(pushService));
});
afterAll(async () => {
  await pushService.close();
  await t.close();
});

const get = (player: TestPlayer | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: player ? bearer(player.token) : {} });

const topUp = (player: TestPlayer, amount: number) => clockedTopUp(t.app, clock, player, amount);

const notificationsOf = async (player: TestPlayer) =>
  (await get(player, '/api/profile/notifications')).json().payload as PlayerNotification[];
const pushesTo = (endpoint: string) =>
  pushService.received.filter((push) => push.path === new URL(endpoint).pathname);

describe('Web Push', () => {
  it("delivers the notification the player's list shows, encrypted for their browser and signed by us", async () => {
    const amina = await signUpPlayer(t.app);
    const browser = await subscribeToPush(t.app, amina, pushService);
    await topUp(amina, 1500);
    // Written with the top-up; sent only by the durable job.
    expect(pushesTo(browser.subscription.endpoint)).toEqual([]);
    await runJobsNow(t.database.db, t.app.jobs, PUSH_JOB);

    const [push] = pushesTo(browser.subscription.endpoint);
    if (!push) throw new Error('the push service received nothing');
    expect(push.method).toBe('POST');
    expect(push.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: '86400',
      urgency: 'normal',
    });
    const decrypted = decryptPush(push.body, browser);
    expect(decrypted.delimiter).toBe(2);
    expect(decrypted.senderPublicKey).toHaveLength(65);
    const [shown] = await notificationsOf(amina);
    expect(shown).toMatchObject({ title: 'Top up received', body: 'kes 1,500.00 is in your wallet.' });
    expect(JSON.parse(decrypted.text)).toEqual({
      title: shown?.title,
      body: shown?.body,
      url: shown?.url,
      id: shown?.id,
    });

    // VAPID (RFC 8292): a JWT for this push service's origin, signed with the key browsers subscribe with.
    const publicKey = (await get(null, '/api/push/vapid-public-key')).json().payload.publicKey as string;
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(push.headers.authorization));
    expect(match?.[2]).toBe(publicKey);
    const jwt = match?.[1] as string;
    const raw = Buffer.from(publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(jwt, key, { audience: pushService.origin, algorithms: ['ES256'] });
    expect(payload.sub).toBe(t.config.vapid.subject);
    expect((payload.exp ?? 0) * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it('forgets a browser its push service says is gone (410), and pushes nothing more to it', async () => {
    const brian = await signUpPlayer(t.app);
    const browser = await subscribeToPush(t.app, brian, pushService);
    const endpoint = browser.subscription.endpoint;
    const stored = () =>
      t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(await stored()).toHaveLength(1);

    pushService.status = 410;
    try {
      await topUp(brian, 200);
      await runJobsNow(t.database.db, t.app.jobs, PUSH_JOB);
    } finally {
      pushService.status = 201;
    }
    expect(pushesTo(endpoint)).toHaveLength(1);
    expect(await stored()).toEqual([]);

    await topUp(brian, 300);
    await runJobsNow(t.database.db, t.app.jobs, PUSH_JOB);
    expect(pushesTo(endpoint)).toHaveLength(1);
    // Still told in the app.
    expect((await notificationsOf(brian)).map((n) => n.body)).toEqual([
      'kes 300.00 is in your wallet.',
      'kes 200.00 is in your wallet.',
    ]);
  });
});
