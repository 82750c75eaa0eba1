import type { PlayerNotification } from '@playon/shared/notifications';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNotificationService,
  type NotificationInput,
  type NotificationService,
  notifications,
  PUSH_GROUP_JOB,
  PUSH_JOB,
} from '../../src/modules/notifications/service.ts';
import { createProfileRepo } from '../../src/modules/profile/repo.ts';
import { createRealtime } from '../../src/modules/realtime/service.ts';
import { createInProcessBus } from '../../src/platform/bus/index.ts';
import { createJobQueue } from '../../src/platform/jobs/index.ts';
import { jobs } from '../../src/platform/jobs/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runJobsNow } from '../support/jobs.ts';
import { freePort } from '../support/payments.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { statementsDuring } from '../support/statements.ts';

// The list and the key over HTTP; notifications arranged through the module's own service on the
// app's database (its jobs land in the same table, where the app's worker delivers them).
let t: TestApp;
let port: number;
let service: NotificationService;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
  const db = t.database.db;
  const profilesRepo = createProfileRepo(db);
  const saveToken = (uid: string, token: string) =>
    profilesRepo.upsertPushSubscription(uid, JSON.parse(token).endpoint, JSON.parse(token));
  service = createNotificationService({
    db,
    jobs: createJobQueue(db, t.app.log),
    realtime: createRealtime(createInProcessBus()),
    vapid: t.config.vapid,
    pushEndpoints: t.config.pushEndpoints,
    subscriptions: {
      ...profilesRepo,
      saveDeviceToken: (player, { deviceToken }) => saveToken(player.uid, deviceToken),
    },
    log: t.app.log,
  });
});
afterAll(() => t.close());

const listOf = (player: TestPlayer | null) =>
  t.app.inject({
    method: 'GET',
    url: '/api/profile/notifications',
    headers: player ? bearer(player.token) : {},
  });
const titlesOf = async (player: TestPlayer) =>
  ((await listOf(player)).json().payload as PlayerNotification[]).map((n) => n.title);
const notice = (uid: string, title: string, dedupeKey = `test:${title}:${uid}`): NotificationInput => ({
  uid,
  kind: 'test',
  title,
  body: `${title}, in a sentence.`,
  url: '/account/wallet',
  dedupeKey,
});
const jobsFor = (kind: string, key: string, value: string) =>
  t.database.db
    .select()
    .from(jobs)
    .where(sql`${jobs.kind} = ${kind} and ${jobs.payload}->>${key} = ${value}`);

describe('GET /api/profile/notifications', () => {
  it('needs a token', async () => {
    expect((await listOf(null)).statusCode).toBe(401);
  });

  it('is empty for a new player', async () => {
    const response = await listOf(await signUpPlayer(t.app));
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toEqual([]);
  });

  it("shows the caller's own, newest first, and nobody else's", async () => {
    const amina = await signUpPlayer(t.app);
    const brian = await signUpPlayer(t.app);
    for (const title of ['First', 'Second', 'Third'])
      await service.record(t.database.db, notice(amina.uid, title));
    await service.record(t.database.db, notice(brian.uid, 'For Brian'));
    const list = (await listOf(amina)).json().payload as PlayerNotification[];
    expect(list.map((n) => n.title)).toEqual(['Third', 'Second', 'First']);
    expect(list[0]).toEqual({
      id: expect.any(String),
      title: 'Third',
      body: 'Third, in a sentence.',
      url: '/account/wallet',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(await titlesOf(brian)).toEqual(['For Brian']);
  });

  it('shows the latest 100', async () => {
    const player = await signUpPlayer(t.app);
    for (let n = 1; n <= 105; n++) await service.record(t.database.db, notice(player.uid, `No. ${n}`));
    const titles = await titlesOf(player);
    expect(titles).toHaveLength(100);
    expect(titles[0]).toBe('No. 105');
    expect(titles.at(-1)).toBe('No. 6');
  });
});

describe('GET /api/push/vapid-public-key', () => {
  it('gives the uncompressed P-256 key browsers subscribe with, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json().payload as { publicKey: string };
    expect(publicKey).toBe(t.config.vapid.publicKey);
    const raw = Buffer.from(publicKey, 'base64url');
    expect([raw.length, raw[0]]).toEqual([65, 4]);
  });

  it('and the list are in the API document', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/profile/notifications', '/api/push/vapid-public-key']),
    );
  });
});

describe('recording', () => {
  it('writes a cause replayed once, with one delivery job', async () => {
    const player = await signUpPlayer(t.app);
    const again = notice(player.uid, 'Top up received', `payment:${player.uid}:completed`);
    expect(await service.record(t.database.db, again)).toBe(true);
    expect(await service.record(t.database.db, again)).toBe(false);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.uid, player.uid));
    expect(rows).toHaveLength(1);
    expect(await jobsFor(PUSH_JOB, 'notificationId', rows[0]?.id ?? '')).toHaveLength(1);
  });

  it('written side by side in one transaction: one statement, each once with its own job, a repeat in it too', async () => {
    const players = [await signUpPlayer(t.app), await signUpPlayer(t.app), await signUpPlayer(t.app)];
    const asked = players.map((p) => notice(p.uid, 'Withdrawal sent', `payment:${p.uid}:together`));
    const [first] = asked;
    if (!first) throw new Error('no notice');
    let answers: boolean[] = [];
    const statements = await statementsDuring(t.database, () =>
      t.database.db.transaction(async (tx) => {
        answers = await Promise.all([...asked, first].map((one) => service.record(tx, one)));
      }),
    );
    // The repeat of the first, asked in the same breath, is not written again.
    expect(answers).toEqual([true, true, true, false]);
    expect(statements.filter((text) => /insert into "notifications"/i.test(text))).toHaveLength(1);
    for (const player of players) {
      const rows = await t.database.db.select().from(notifications).where(eq(notifications.uid, player.uid));
      expect(rows.map((row) => row.title)).toEqual(['Withdrawal sent']);
      expect(await jobsFor(PUSH_JOB, 'notificationId', rows[0]?.id ?? '')).toHaveLength(1);
    }
    // Asked again later, one by one: nothing more.
    for (const one of asked) expect(await service.record(t.database.db, one)).toBe(false);
  });

  it('writes a group replayed once, with one delivery job for the group', async () => {
    const [amina, brian] = [await signUpPlayer(t.app), await signUpPlayer(t.app)];
    const group = `test:${amina.uid}:group:`;
    const recipients = [amina, brian].map((p) => ({
      uid: p.uid,
      title: 'Cup started',
      body: 'Play now.',
      url: null,
    }));
    expect(await service.recordGroup(t.database.db, { kind: 'test', group, recipients })).toBe(2);
    expect(await service.recordGroup(t.database.db, { kind: 'test', group, recipients })).toBe(0);
    expect(await titlesOf(amina)).toEqual(['Cup started']);
    expect(await titlesOf(brian)).toEqual(['Cup started']);
    expect(await jobsFor(PUSH_GROUP_JOB, 'group', group)).toHaveLength(1);
  });
});

describe('live', () => {
  it('reaches the player over /ws as the list shows it, once it is delivered', async () => {
    const amina = await signUpPlayer(t.app);
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(amina.token)}`);
    const heard: { type: string; notification?: PlayerNotification }[] = [];
    await new Promise<void>((resolve) =>
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data));
        heard.push(message);
        if (message.type === 'ready') resolve();
      }),
    );
    await service.record(t.database.db, notice(amina.uid, 'You were boosted!'));
    await runJobsNow(t.database.db, t.app.jobs, PUSH_JOB);
    const deadline = Date.now() + 5000;
    while (!heard.some((m) => m.type === 'notification') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    const [shown] = (await listOf(amina)).json().payload as PlayerNotification[];
    expect(heard.filter((m) => m.type === 'notification')).toEqual([
      { type: 'notification', notification: shown },
    ]);
    socket.close();
  });
});
