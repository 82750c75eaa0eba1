import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUser } from '../../src/modules/auth/repo.ts';
import { authUser } from '../../src/modules/auth/service.ts';
import { createGameService } from '../../src/modules/games/service.ts';
import { createProfileService } from '../../src/modules/profile/service.ts';
import { createReferenceService } from '../../src/modules/reference/service.ts';
import { createSubscriptionService } from '../../src/modules/subscriptions/service.ts';
import { createMemoryRankStore } from '../../src/modules/tournaments/ranks/memory-store.ts';
import type { RankStore } from '../../src/modules/tournaments/ranks/rank-store.ts';
import { createRedisRankStore } from '../../src/modules/tournaments/ranks/redis-store.ts';
import { createTournamentRepo } from '../../src/modules/tournaments/repo.ts';
import { createTournamentPlayRule, createTournamentService } from '../../src/modules/tournaments/service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { arrangeTournament, insertTestGame, seatPlayers } from '../support/tournaments.ts';

/**
 * The rank store beside PostgreSQL's record (ADR 0029), through the tournaments service: its ranks
 * and pages are PostgreSQL's, it is rebuilt from PostgreSQL when its board is gone (a flushed or
 * restarted Redis, a new process) or a score was removed, and PostgreSQL answers while it fails.
 * On Redis when TEST_REDIS_URL is set, in this process's memory otherwise.
 */
const MINUTE = 60_000;
const PAGE = 15;
const quiet = { info() {}, warn() {}, error() {} };
const redisUrl = process.env.TEST_REDIS_URL;
const kind = redisUrl ? 'redis' : 'memory';
/** Each test compares every page and every player with PostgreSQL, several times: slow on a loaded machine. */
const SLOW = { timeout: 180_000 };
const openStore = () => (redisUrl ? createRedisRankStore(redisUrl, quiet) : createMemoryRankStore());

/** A store that can be told to fail, as a Redis that went away would. */
function failable(store: RankStore) {
  let failing = false;
  const guard =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      if (failing) throw new Error('rank store down');
      return work(...args);
    };
  const wrapped: RankStore = {
    kind: store.kind,
    raise: guard(store.raise),
    raiseAll: guard(store.raiseAll),
    replace: guard(store.replace),
    standing: guard(store.standing),
    page: guard(store.page),
    rebuild: guard(store.rebuild),
    close: () => store.close(),
  };
  return { store: wrapped, fail: (on: boolean) => (failing = on) };
}

let t: TestApp;
let gameId: number;
let redis: Redis | undefined;
const stores: RankStore[] = [];
beforeAll(async () => {
  t = await createTestApp();
  gameId = (await insertTestGame(t, { maxPoints: 1_000_000, maxPointsPerSecond: 1_000_000 })).id;
  if (redisUrl) redis = new Redis(redisUrl);
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await redis?.quit();
  await t.close();
});

function serviceOn(store: RankStore) {
  stores.push(store);
  const db = t.database.db;
  const subscriptions = createSubscriptionService({ db });
  const players = createProfileService({
    db,
    auth: { findUser: (uid) => findUser(db, uid) },
    reference: createReferenceService(db),
  });
  const games = createGameService({
    db,
    secret: t.config.authSecret,
    gamesDir: t.config.gamesDir,
    log: quiet,
    hasActiveSubscription: (uid, at) => subscriptions.hasActiveSubscription(uid, at),
    assertTournamentPlayable: createTournamentPlayRule(db).assertPlayable,
  });
  const tournaments = createTournamentService({
    db,
    games,
    subscriptions,
    players,
    log: quiet,
    ranks: store,
  });
  const report = async (tournamentId: number, uid: string, points: number) => {
    const play = await games.startPlay(uid, gameId, tournamentId);
    return tournaments.reportScore(uid, tournamentId, { session: play.session, points });
  };
  return { tournaments, report };
}

const repo = () => createTournamentRepo(t.database.db);

/** The board's name as the service gives it (ranks.ts): database, tournament id, its creation. */
async function boardOf(tournamentId: number) {
  const result = await t.database.db.execute(sql`select current_database() as name`);
  const database = (result as unknown as { rows: { name: string }[] }).rows[0]?.name;
  const row = await repo().byId(tournamentId);
  return `${database}:${tournamentId}:${row?.createdAt.getTime()}`;
}

/**
 * A running tournament of 40 seated players (ties on points a second apart, and eight at the same
 * points a microsecond apart, so the order rests on achieved_at's microseconds), then reports.
 */
async function arrangeBoard() {
  const now = Date.now();
  const cup = await arrangeTournament(t, {
    gameId,
    starts: new Date(now - MINUTE),
    ends: new Date(now + 60 * MINUTE),
  });
  const seated = await seatPlayers(
    t,
    cup.id,
    Array.from({ length: 32 }, (_, i) => (i % 8) * 100 + 50),
    new Date(now - 30 * MINUTE),
  );
  const close = Array.from({ length: 8 }, (_, i) => `close-${cup.id}-${7 - i}`);
  await t.database.db
    .insert(authUser)
    .values(close.map((id) => ({ id, name: '', email: `${id}@example.com` })));
  await t.database.db.execute(sql`
    insert into tournament_scores (tournament_id, uid, points_hundredths, achieved_at)
    select ${cup.id}, 'close-' || ${cup.id} || '-' || (7 - g), 40000,
      timestamptz '2026-11-24 10:00:00.000001+00' + g * interval '1 microsecond'
    from generate_series(0, 7) g`);
  return { cup, uids: [...seated, ...close] };
}

/** Every page and every player's place, as the service answers and as PostgreSQL's own queries do. */
async function expectPostgresAnswers(
  service: ReturnType<typeof serviceOn>,
  tournamentId: number,
  uids: string[],
) {
  const { tournaments } = service;
  const total = (await repo().count(tournamentId)) as number;
  for (let page = 0; page * PAGE <= total; page++) {
    const got = await tournaments.leaderboardPage(tournamentId, { page, pageSize: PAGE });
    const want = await repo().page(tournamentId, page * PAGE, PAGE);
    expect(got.totalElements).toBe(total);
    expect(got.last).toBe((page + 1) * PAGE >= total);
    expect(got.content.map((row) => [row.rank, row.userId, row.points])).toEqual(
      want.map((row, index) => [page * PAGE + index + 1, row.uid, row.pointsHundredths / 100]),
    );
  }
  for (const uid of uids) {
    const standing = await repo().standing(tournamentId, uid);
    const own = await tournaments.ownRank(tournamentId, uid);
    expect(own, uid).toEqual(
      standing
        ? { rank: standing.rank, points: standing.pointsHundredths / 100, totalElements: total }
        : null,
    );
  }
}

/** The store holds the tournament's board as built now: its answers came from the store, not PostgreSQL. */
async function expectBoardTrusted(store: RankStore, tournamentId: number) {
  const row = await repo().byId(tournamentId);
  const { state } = await store.page(await boardOf(tournamentId), 0, 1);
  expect(state).toEqual({ removed: row?.entriesRemoved, size: row?.entries });
}

describe(`ranks from the rank store (${kind})`, SLOW, () => {
  it("gives PostgreSQL's ranks and pages, ties to who reached the points first, to the microsecond", async () => {
    const store = openStore();
    const service = serviceOn(store);
    const { cup, uids } = await arrangeBoard();
    await expectPostgresAnswers(service, cup.id, uids);
    await expectBoardTrusted(store, cup.id);
    // Reports on the built board: a new best, a lower one (changes nothing), one equal to the
    // closest tie (goes behind the eight who reached it first) and a newcomer's.
    const [first, second, third] = uids;
    expect((await service.report(cup.id, first as string, 900)).rank).toBe(1);
    expect((await service.report(cup.id, second as string, 1)).best).toBe(150);
    // Behind the 900, the sixteen seated at 450 to 750 and the eight who reached 400 this morning.
    expect((await service.report(cup.id, third as string, 400)).rank).toBe(26);
    const newcomer = `newcomer-${cup.id}`;
    await t.database.db.insert(authUser).values({ id: newcomer, name: '', email: `${newcomer}@example.com` });
    expect((await service.report(cup.id, newcomer, 0.5)).rank).toBe(41);
    await expectPostgresAnswers(service, cup.id, [...uids, newcomer]);
    await expectBoardTrusted(store, cup.id);
  });

  it('a score removed from PostgreSQL (a deleted player) is gone from the ranks: the board is rebuilt', async () => {
    const store = openStore();
    const service = serviceOn(store);
    const { cup, uids } = await arrangeBoard();
    await expectPostgresAnswers(service, cup.id, uids);
    const leader = (await service.tournaments.leaderboardPage(cup.id, { page: 0, pageSize: 1 })).content[0];
    await t.database.db.delete(authUser).where(eq(authUser.id, leader?.userId as string));
    await expectPostgresAnswers(service, cup.id, uids);
    expect(await service.tournaments.ownRank(cup.id, leader?.userId as string)).toBeNull();
    await expectBoardTrusted(store, cup.id);
  });

  it('scores written while the store fails are answered by PostgreSQL, and the board is rebuilt once it is back', async () => {
    const { store, fail } = failable(openStore());
    const service = serviceOn(store);
    const { cup, uids } = await arrangeBoard();
    await expectPostgresAnswers(service, cup.id, uids);
    fail(true);
    // A player overtaking the leader while the store is down: PostgreSQL has it and says so.
    expect((await service.report(cup.id, uids[5] as string, 1000)).rank).toBe(1);
    await expectPostgresAnswers(service, cup.id, uids);
    fail(false);
    await expectPostgresAnswers(service, cup.id, uids);
    await expectBoardTrusted(store, cup.id);
    expect((await store.standing(await boardOf(cup.id), uids[5] as string)).placed).toEqual({
      rank: 1,
      pointsHundredths: 100_000,
    });
  });

  it('a board asked beside the row is not kept once the row names another board (the tournament made anew)', async () => {
    const store = openStore();
    const service = serviceOn(store);
    const { cup, uids } = await arrangeBoard();
    // The service knows the board's name now, and asks it beside the row from here on.
    await expectPostgresAnswers(service, cup.id, uids);
    // The same id with another creation and other scores (a database restored under a running
    // process): the old board holds as many entries, none removed, but not these scores.
    await t.database.db.execute(sql`update tournaments set created_at = created_at + interval '1 second'
      where id = ${cup.id}`);
    await t.database.db.execute(sql`update tournament_scores set points_hundredths = 100000 - points_hundredths
      where tournament_id = ${cup.id}`);
    await expectPostgresAnswers(service, cup.id, uids);
  });

  it("a report's best is settled after its commit: an old best put back meanwhile does not stay", async () => {
    const real = openStore();
    let stalePut = false;
    // As a rebuild that read the player's row before the report committed, swapping its board in
    // between the report's write to the board and its commit, would leave the board.
    const racing: RankStore = {
      ...real,
      kind: real.kind,
      raiseAll: async (board, entries, answer) => {
        const placed = await real.raiseAll(board, entries, answer);
        const [entry] = entries;
        if (stalePut && entry) {
          stalePut = false;
          await real.replace(board, entry.uid, { ...entry, pointsHundredths: 1, micros: 1 });
        }
        return placed;
      },
      replace: (...args) => real.replace(...args),
      standing: (...args) => real.standing(...args),
      page: (...args) => real.page(...args),
      rebuild: (...args) => real.rebuild(...args),
      close: () => real.close(),
    };
    const service = serviceOn(racing);
    const { cup, uids } = await arrangeBoard();
    await expectPostgresAnswers(service, cup.id, uids);
    stalePut = true;
    expect((await service.report(cup.id, uids[4] as string, 950)).rank).toBe(1);
    expect((await real.standing(await boardOf(cup.id), uids[4] as string)).placed).toEqual({
      rank: 1,
      pointsHundredths: 95_000,
    });
    await expectPostgresAnswers(service, cup.id, uids);
  });

  it('a process that only takes reports builds the board, so later reports are ranked by it', async () => {
    const store = openStore();
    const service = serviceOn(store);
    const { cup, uids } = await arrangeBoard();
    const board = await boardOf(cup.id);
    expect((await store.standing(board, uids[0] as string)).state.removed).toBeNull();
    // No page and no /me: the first report finds no board and starts building it.
    const first = await service.report(cup.id, uids[5] as string, 900);
    expect(first.rank).toBe(1);
    while ((await store.standing(board, uids[0] as string)).state.removed === null) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await expectBoardTrusted(store, cup.id);
    expect((await service.report(cup.id, uids[6] as string, 950)).rank).toBe(1);
    await expectPostgresAnswers(service, cup.id, uids);
  });

  it('a new process (an empty store) rebuilds the board from PostgreSQL and gives the same ranks', async () => {
    const before = serviceOn(openStore());
    const { cup, uids } = await arrangeBoard();
    await before.report(cup.id, uids[9] as string, 650);
    await expectPostgresAnswers(before, cup.id, uids);
    const store = createMemoryRankStore();
    const after = serviceOn(store);
    await expectPostgresAnswers(after, cup.id, uids);
    await expectBoardTrusted(store, cup.id);
  });
});

describe.skipIf(!redisUrl)('a Redis that lost the board', SLOW, () => {
  const keysOf = async (tournamentId: number) =>
    (await redis?.keys(`playon:ranks:{${await boardOf(tournamentId)}}:*`)) ?? [];

  it('rebuilds it from PostgreSQL when its keys are deleted (as FLUSHALL would) and gives the same ranks', async () => {
    const store = openStore();
    const service = serviceOn(store);
    const { cup, uids } = await arrangeBoard();
    await service.report(cup.id, uids[3] as string, 720);
    await expectPostgresAnswers(service, cup.id, uids);
    const pageBefore = await service.tournaments.leaderboardPage(cup.id, { page: 1, pageSize: PAGE });
    const rankBefore = await service.tournaments.ownRank(cup.id, uids[3] as string);
    const keys = await keysOf(cup.id);
    const tag = `playon:ranks:{${await boardOf(cup.id)}}`;
    expect(keys.sort()).toEqual([`${tag}:h`, `${tag}:meta`, `${tag}:z`]);
    await redis?.del(...keys);
    expect(await keysOf(cup.id)).toEqual([]);
    expect(await service.tournaments.leaderboardPage(cup.id, { page: 1, pageSize: PAGE })).toEqual(
      pageBefore,
    );
    expect(await service.tournaments.ownRank(cup.id, uids[3] as string)).toEqual(rankBefore);
    expect((await keysOf(cup.id)).length).toBe(3);
    await expectBoardTrusted(store, cup.id);
    await expectPostgresAnswers(service, cup.id, uids);
  });

  it('rebuilds it when only the sorted set is gone, or the board was built on a Redis that restarted since', async () => {
    const store = openStore();
    const service = serviceOn(store);
    const { cup, uids } = await arrangeBoard();
    await expectPostgresAnswers(service, cup.id, uids);
    const board = await boardOf(cup.id);
    await redis?.del(`playon:ranks:{${board}}:z`);
    await expectPostgresAnswers(service, cup.id, uids);
    await expectBoardTrusted(store, cup.id);
    // A restarted Redis that reloaded a snapshot has the board but another run_id: not trusted.
    await redis?.hset(`playon:ranks:{${board}}:meta`, 'run', 'a-redis-before-its-restart');
    await redis?.zadd(`playon:ranks:{${board}}:z`, -123_456, `00000000000000001:${uids[0]}`);
    await expectPostgresAnswers(service, cup.id, uids);
    await expectBoardTrusted(store, cup.id);
  });
});

describe('the ranking job at the end reads PostgreSQL', SLOW, () => {
  it('crowns the leaders the board shows', async () => {
    const store = openStore();
    const service = serviceOn(store);
    const { cup, uids } = await arrangeBoard();
    const top = (await service.tournaments.leaderboardPage(cup.id, { page: 0, pageSize: 3 })).content;
    expect(uids.length).toBe(40);
    expect(await service.tournaments.rankTournament(cup.id, new Date(Date.now() + 61 * MINUTE))).toBe(true);
    const awards = await service.tournaments.awardsOf(cup.id);
    expect(awards.map((award) => award.winnerId)).toEqual(top.map((entry) => entry.userId));
  });
});
