import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createRevokedSessions } from '../../src/modules/auth/revoked-sessions.ts';
import { createRedisFloodLimit } from '../../src/modules/chat/flood-limit.ts';
import { createRedisPresence } from '../../src/modules/realtime/presence.ts';
import { createRedisRankStore } from '../../src/modules/tournaments/ranks/redis-store.ts';
import { tournaments } from '../../src/modules/tournaments/schema.ts';
import { createTestApp } from '../support/app.ts';
import { chatClient } from '../support/chat.ts';
import { freePort } from '../support/payments.ts';
import { signUpPlayer, type TestPlayer } from '../support/players.ts';
import { arrangeTournament, insertTestGame, tournamentApi } from '../support/tournaments.ts';

/**
 * Staging and production (or two test runs) sharing one Redis: every key and channel of a
 * deployment starts with its REDIS_BUS_NAMESPACE, so neither sees the other's.
 */
const redisUrl = process.env.TEST_REDIS_URL as string;
const log = pino({ level: 'silent' });
const namespaces: string[] = [];
const deployment = (name: string, id = randomUUID()) => {
  const namespace = `playon-test-${name}:${id}:`;
  namespaces.push(namespace);
  return namespace;
};

/** Every key whose name matches `pattern`, anywhere in this Redis. */
async function keysMatching(redis: Redis, pattern: string) {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

describe.skipIf(!redisUrl)('two deployments sharing one Redis', () => {
  const staging = deployment('staging');
  const production = deployment('production');
  const redis = new Redis(redisUrl ?? '');
  afterAll(async () => {
    for (const namespace of namespaces) {
      const left = await keysMatching(redis, `${namespace}*`);
      if (left.length > 0) await redis.del(...left);
    }
    redis.disconnect();
  });

  it('a session signed out in staging is still signed in in production', async () => {
    // Even when production's namespace, read as a pattern, would match staging's keys.
    const id = randomUUID();
    const staging = deployment('a', id);
    const production = deployment('?', id);
    const [revoking, stagingPeer, inProduction] = [
      createRevokedSessions(redisUrl, 60_000, log, staging),
      createRevokedSessions(redisUrl, 60_000, log, staging),
      createRevokedSessions(redisUrl, 60_000, log, production),
    ];
    try {
      await Promise.all([stagingPeer.ready(), inProduction.ready()]);
      const sessionId = randomUUID();
      await revoking.revoke(sessionId);
      expect(await stagingPeer.isRevoked(sessionId)).toBe(true);
      expect(await inProduction.isRevoked(sessionId)).toBe(false);
      // Nor does a production instance started now read staging's stored list.
      const later = createRevokedSessions(redisUrl, 60_000, log, production);
      await later.ready();
      expect(await later.isRevoked(sessionId)).toBe(false);
      await later.close();
    } finally {
      await Promise.all([revoking.close(), stagingPeer.close(), inProduction.close()]);
    }
  });

  it('counts who is online in each deployment apart', async () => {
    const [stagingOne, stagingTwo, inProduction] = [
      createRedisPresence(redisUrl, log, staging),
      createRedisPresence(redisUrl, log, staging),
      createRedisPresence(redisUrl, log, production),
    ];
    const uid = `amina-${randomUUID()}`;
    await stagingOne.connected(uid);
    expect(await stagingTwo.onlineUids()).toContain(uid);
    expect(await inProduction.onlineUids()).not.toContain(uid);
    await Promise.all([stagingOne.close(), stagingTwo.close(), inProduction.close()]);
  });

  it("counts a player's chat flood in each deployment apart", async () => {
    const oneMessage = { max: 1, windowMs: 60_000 };
    const [stagingOne, stagingTwo, inProduction] = [
      createRedisFloodLimit(redisUrl, log, staging, oneMessage),
      createRedisFloodLimit(redisUrl, log, staging, oneMessage),
      createRedisFloodLimit(redisUrl, log, production, oneMessage),
    ];
    const uid = `brian-${randomUUID()}`;
    expect(await stagingOne.take(uid)).toBe(true);
    expect(await stagingTwo.take(uid)).toBe(false);
    expect(await inProduction.take(uid)).toBe(true);
    await Promise.all([stagingOne.close(), stagingTwo.close(), inProduction.close()]);
  });

  it('keeps the leaderboard of the same tournament in each deployment apart', async () => {
    const [inStaging, inProduction] = [
      createRedisRankStore(redisUrl, log, staging),
      createRedisRankStore(redisUrl, log, production),
    ];
    const board = `cup-${randomUUID()}`;
    await inStaging.raise(board, { uid: 'carol', pointsHundredths: 500, micros: 1_000_000 });
    expect((await inStaging.page(board, 0, 10)).rows).toEqual([{ uid: 'carol', pointsHundredths: 500 }]);
    expect(await inProduction.page(board, 0, 10)).toEqual({ state: { removed: null, size: 0 }, rows: [] });
    // The board's keys keep their hash tag: one slot of a cluster for each board.
    const keys = await keysMatching(redis, `${staging}ranks:*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toContain(`{${board}}`);
    await Promise.all([inStaging.close(), inProduction.close()]);
  });

  it('leaves nothing of a player outside its namespace: presence, chat flood, leaderboard, sign-out', async () => {
    const port = await freePort();
    const t = await createTestApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
    const ours = t.config.redisBusNamespace;
    const rateLimits = t.config.rateLimitRedisNamespace;
    namespaces.push(ours);
    let socket: WebSocket | undefined;
    try {
      await t.app.listen({ port, host: '127.0.0.1' });
      const amina = await signUpPlayer(t.app);
      socket = await openSocket(port, amina);
      const chat = chatClient(t.app);
      await chat.join(amina, 'support');
      const room = await chat.room(amina, 'support');
      expect((await chat.send(amina, { chatRoomId: room.id, message: 'habari' })).statusCode).toBe(200);
      const board = await scoreInATournament(t, amina);

      // Presence: a member of hers in this deployment's set, in no other deployment's.
      const presenceSets = await keysMatching(redis, '*presence');
      const holding = [];
      for (const key of presenceSets) {
        const [, members] = await redis.zscan(key, '0', 'MATCH', `${amina.uid}|*`, 'COUNT', 1000);
        if (members.length > 0) holding.push(key);
      }
      expect(holding).toEqual([`${ours}presence`]);

      const sessionId = sessionOf(amina.token);
      const signOut = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: amina.cookie, origin: t.config.publicUrl },
        payload: {},
      });
      expect(signOut.statusCode).toBe(200);

      for (const trace of [amina.uid, sessionId, `{${board}}`]) {
        const keys = await keysMatching(redis, `*${trace}*`);
        expect(keys.length, trace).toBeGreaterThan(0);
        // The rate limits keep a namespace of their own (RATE_LIMIT_REDIS_NAMESPACE).
        const outside = keys.filter((key) => !key.startsWith(ours) && !key.startsWith(rateLimits));
        expect(outside).toEqual([]);
      }
    } finally {
      socket?.close();
      await t.close();
    }
  });
});

async function openSocket(port: number, player: TestPlayer) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(player.token)}`);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('message', (event) => {
      if (JSON.parse(String(event.data)).type === 'ready') resolve();
    });
    socket.addEventListener('error', () => reject(new Error('the socket did not open')));
  });
  return socket;
}

/** A score in a running tournament; the name of its board in the rank store. */
async function scoreInATournament(t: Awaited<ReturnType<typeof createTestApp>>, player: TestPlayer) {
  const gameId = (await insertTestGame(t)).id;
  const now = Date.now();
  const cup = await arrangeTournament(t, {
    gameId,
    starts: new Date(now - 60_000),
    ends: new Date(now + 3_600_000),
  });
  const api = tournamentApi(t);
  const session = await api.session(player, gameId, cup.id);
  const reported = await api.report(player, cup.id, { session, points: 50 });
  expect(reported.statusCode, reported.body).toBe(200);
  const [row] = await t.database.db
    .select({ createdAt: tournaments.createdAt, database: sql<string>`current_database()` })
    .from(tournaments)
    .where(eq(tournaments.id, cup.id));
  return `${row?.database}:${cup.id}:${row?.createdAt.getTime()}`;
}

/** The session an access token was minted for (its `sid` claim). */
const sessionOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid as string;
