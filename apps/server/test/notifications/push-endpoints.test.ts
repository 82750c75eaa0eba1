import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/modules/notifications/ip-ranges.ts';
import { createPushEndpoints, type Resolve } from '../../src/modules/notifications/push-endpoints.ts';
import { createNotificationService, PUSH_JOB } from '../../src/modules/notifications/service.ts';
import { createWebPush } from '../../src/modules/notifications/web-push.ts';
import { createProfileRepo } from '../../src/modules/profile/repo.ts';
import { pushSubscriptions } from '../../src/modules/profile/schema.ts';
import { createRealtime } from '../../src/modules/realtime/service.ts';
import { createInProcessBus } from '../../src/platform/bus/index.ts';
import { createJobQueue } from '../../src/platform/jobs/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runJobsNow } from '../support/jobs.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { newBrowserSubscription, startPushService } from '../support/push-receiver.ts';

// Web Push endpoints are URLs a browser hands the server, which then POSTs to them: nothing but a
// browser push service may be one (ADR 0016).
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startPushService>>;
/** Something else listening on this machine that must never hear from the push sender. */
let internal: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  [receiver, internal] = await Promise.all([startPushService(), startPushService()]);
  // The default rules: the browsers' push services only.
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all([receiver.close(), internal.close()]);
  await t.close();
});

const token = (endpoint: string) =>
  JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: 'BNcR', auth: 'tBHI' } });
const register = (player: TestPlayer, endpoint: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/profile/device-token',
    headers: bearer(player.token),
    payload: { deviceToken: token(endpoint) },
  });
const storedFor = async (uid: string) =>
  (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.playerUid, uid))).map(
    (row) => row.endpoint,
  );

describe('registering a browser for push', () => {
  it('refuses endpoints on this machine, its networks, the cloud metadata service and other hosts', async () => {
    const mallory = await signUpPlayer(t.app);
    for (const endpoint of [
      'http://127.0.0.1/push',
      'https://127.0.0.1/push',
      'https://169.254.169.254/latest/meta-data/',
      'http://localhost:6379/',
      'https://[::1]:5432/',
      'https://10.0.0.1/push',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:6379/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://evil.example/fcm.googleapis.com/fcm/send/abc',
      'https://user:password@fcm.googleapis.com/fcm/send/abc',
      'https://push.apple.com/abc',
    ]) {
      const response = await register(mallory, endpoint);
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().statusMessage).toBe('Notifications cannot be turned on for this browser.');
    }
    expect(await storedFor(mallory.uid)).toEqual([]);
  });

  it("takes the browsers' own push services: Chrome, Firefox, Edge and Safari", async () => {
    const amina = await signUpPlayer(t.app);
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGZ3abc',
      'https://api.push.apple.com/3/device/abc',
    ];
    for (const endpoint of endpoints)
      expect((await register(amina, endpoint)).statusCode, endpoint).toBe(200);
    expect((await storedFor(amina.uid)).sort()).toEqual([...endpoints].sort());
  });

  it("keeps a player's ten newest browsers: the eleventh drops the oldest", async () => {
    const brian = await signUpPlayer(t.app);
    const endpoints = Array.from({ length: 12 }, (_, i) => `https://fcm.googleapis.com/fcm/send/brian-${i}`);
    for (const endpoint of endpoints) expect((await register(brian, endpoint)).statusCode).toBe(200);
    expect((await storedFor(brian.uid)).sort()).toEqual(endpoints.slice(2).sort());
  });
});

describe('sending a push', () => {
  /** The notifications service on the app's database, sending to `receiver` only (a test-only rule). */
  function serviceSendingTo(rules: { hosts: string[]; allowLoopback: boolean }, resolve?: Resolve) {
    const db = t.database.db;
    const jobs = createJobQueue(db, t.app.log);
    const repo = createProfileRepo(db);
    const service = createNotificationService({
      db,
      jobs,
      realtime: createRealtime(createInProcessBus()),
      vapid: t.config.vapid,
      pushEndpoints: rules,
      ...(resolve ? { resolve } : {}),
      subscriptions: {
        ...repo,
        saveDeviceToken: (player, { deviceToken }) =>
          repo.upsertPushSubscription(player.uid, JSON.parse(deviceToken).endpoint, JSON.parse(deviceToken)),
      },
      log: t.app.log,
    });
    // Its push job runs on this test's queue, as app.ts registers it on the app's.
    jobs.register(PUSH_JOB, service.jobHandlers.push);
    return { service, jobs };
  }
  const receiverRules = () => ({ hosts: [new URL(receiver.origin).host], allowLoopback: true });

  /** Rows as an older server stored them, one second apart, the last one newest. */
  async function storedBefore(uid: string, endpoints: string[]) {
    const start = Date.now() - endpoints.length * 1000;
    await t.database.db.insert(pushSubscriptions).values(
      endpoints.map((endpoint, i) => {
        const { subscription } = newBrowserSubscription('http://unused');
        return {
          playerUid: uid,
          endpoint,
          subscription: { ...subscription, endpoint },
          updatedAt: new Date(start + i * 1000),
        };
      }),
    );
  }

  async function notify(sender: ReturnType<typeof serviceSendingTo>, uid: string) {
    await sender.service.record(t.database.db, {
      uid,
      kind: 'test',
      title: 'Top up received',
      body: 'kes 100.00 is in your wallet.',
      url: null,
      dedupeKey: `test:${randomUUID()}`,
    });
    await runJobsNow(t.database.db, sender.jobs, PUSH_JOB);
  }
  const receivedAt = (service: typeof receiver, endpoints: string[]) =>
    service.received.filter((push) => endpoints.some((e) => new URL(e).pathname === push.path));

  it('goes to ten browsers of a player at most, the newest, however many an older server stored', async () => {
    const chebet = await signUpPlayer(t.app);
    const endpoints = Array.from({ length: 200 }, () => `${receiver.origin}/push/${randomUUID()}`);
    await storedBefore(chebet.uid, endpoints);
    await notify(serviceSendingTo(receiverRules()), chebet.uid);
    const reached = receivedAt(receiver, endpoints).map((push) => push.path);
    expect(reached.sort()).toEqual(
      endpoints
        .slice(-10)
        .map((e) => new URL(e).pathname)
        .sort(),
    );
  });

  it('never contacts an endpoint the rules do not allow, stored before them, and forgets it', async () => {
    const dan = await signUpPlayer(t.app);
    const endpoints = [
      `${internal.origin}/push/${randomUUID()}`,
      `http://169.254.169.254/latest/meta-data/${randomUUID()}`,
      `https://10.0.0.1/push/${randomUUID()}`,
    ];
    await storedBefore(dan.uid, endpoints);
    await notify(serviceSendingTo(receiverRules()), dan.uid);
    expect(internal.received).toEqual([]);
    expect(await storedFor(dan.uid)).toEqual([]);
  });

  it('is tried again later when the resolver does not answer, instead of holding the delivery', async () => {
    const silent: Resolve = () => new Promise(() => {});
    const endpoints = createPushEndpoints(
      { hosts: ['push.silent.example'], allowLoopback: false },
      silent,
      50,
    );
    expect(await endpoints.destinationOf(`https://push.silent.example/push/${randomUUID()}`)).toEqual({
      ok: false,
      problem: 'push.silent.example did not resolve: no answer within 50 ms',
      retry: true,
    });
  });

  it('checks the address again when it sends: a name that now resolves inside is refused (DNS rebinding)', async () => {
    let calls = 0;
    // Public when the browser subscribed, this machine when the push goes out.
    const rebinding: Resolve = async () => [
      { address: calls++ === 0 ? '93.184.215.14' : '127.0.0.1', family: 4 },
    ];
    const endpoints = createPushEndpoints(
      { hosts: ['push.rebind.example'], allowLoopback: false },
      rebinding,
    );
    const endpoint = `https://push.rebind.example/push/${randomUUID()}`;
    expect(await endpoints.subscribeProblem(endpoint)).toBeUndefined();
    const { subscription } = newBrowserSubscription('https://push.rebind.example');
    const result = await createWebPush(t.config.vapid, endpoints).send({ ...subscription, endpoint }, '{}');
    expect(result).toMatchObject({ outcome: 'gone', reason: 'push.rebind.example resolves to 127.0.0.1' });
  });

  it('connects to the address it checked, never to what the name resolves to afterwards', async () => {
    const { port } = new URL(receiver.origin);
    const answers = ['127.0.0.1', '10.0.0.1'];
    let calls = 0;
    const resolve: Resolve = async () => [{ address: answers[calls++] ?? '10.0.0.1', family: 4 }];
    // `push.test` is in no resolver: the request can only have gone to the address checked.
    const endpoints = createPushEndpoints({ hosts: [`push.test:${port}`], allowLoopback: true }, resolve);
    const browser = newBrowserSubscription(`http://push.test:${port}`);
    const result = await createWebPush(t.config.vapid, endpoints).send(browser.subscription, '{}');
    expect(result).toEqual({ outcome: 'sent', status: 201 });
    expect(calls).toBe(1);
    expect(receivedAt(receiver, [browser.subscription.endpoint])).toHaveLength(1);
  });
});

describe('public addresses', () => {
  it('are neither loopback, private, shared, link-local, documentation, multicast nor reserved', () => {
    const notPublic = [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
      'not-an-address',
    ];
    for (const address of notPublic) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['8.8.8.8', '142.250.185.74', '17.57.146.20', '2607:f8b0:4004:c1b::5f']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});
