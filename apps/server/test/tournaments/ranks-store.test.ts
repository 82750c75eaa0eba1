import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRankStore, RankList } from '../../src/modules/tournaments/ranks/memory-store.ts';
import { before, type RankEntry, type RankStore } from '../../src/modules/tournaments/ranks/rank-store.ts';
import { createRedisRankStore } from '../../src/modules/tournaments/ranks/redis-store.ts';

/**
 * One suite for both rank stores (ADR 0029): the same ranks, pages, ties and boundaries from the
 * in-process skip list and from Redis sorted sets. Redis runs at TEST_REDIS_URL; without it only the
 * memory store runs.
 */
const quiet = { warn() {} };
const redisUrl = process.env.TEST_REDIS_URL;
const backends: [string, () => RankStore][] = [['memory', createMemoryRankStore]];
if (redisUrl) backends.push(['redis', () => createRedisRankStore(redisUrl, quiet)]);

const entry = (uid: string, points: number, micros: number): RankEntry => ({
  uid,
  pointsHundredths: points,
  micros,
});

/** The leaderboard's order worked out the slow way: every entry compared with every other. */
const sorted = (entries: Iterable<RankEntry>) =>
  [...entries].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));

/** A seeded generator, so a failing run can be repeated. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe.each(backends)('rank store: %s', { timeout: 120_000 }, (kind, open) => {
  const store = open();
  const boards: string[] = [];
  /** A board of this test's own (tests share one Redis with other runs). */
  const fresh = () => {
    const board = `ranks-test:${randomUUID()}`;
    boards.push(board);
    return board;
  };
  afterAll(async () => {
    if (kind === 'redis' && redisUrl) {
      const redis = new Redis(redisUrl);
      for (const board of boards) {
        const found = await redis.keys(`playon:ranks:{${board}}:*`);
        if (found.length > 0) await redis.del(...found);
      }
      await redis.quit();
    }
    await store.close();
  });

  it('orders more points first, then who reached them first, then the uid', async () => {
    const board = fresh();
    await store.raise(board, entry('carol', 500, 3_000_000));
    await store.raise(board, entry('bob', 900, 5_000_000));
    await store.raise(board, entry('dave', 500, 1_000_000));
    await store.raise(board, entry('erin', 500, 3_000_000));
    await store.raise(board, entry('amina', 100, 1));
    const { rows } = await store.page(board, 0, 10);
    expect(rows).toEqual([
      { uid: 'bob', pointsHundredths: 900 },
      { uid: 'dave', pointsHundredths: 500 },
      { uid: 'carol', pointsHundredths: 500 },
      { uid: 'erin', pointsHundredths: 500 },
      { uid: 'amina', pointsHundredths: 100 },
    ]);
    expect((await store.standing(board, 'erin')).placed).toEqual({ rank: 4, pointsHundredths: 500 });
    expect((await store.standing(board, 'nobody')).placed).toBeNull();
  });

  it('keeps the better best: a lower score changes nothing, a tie keeps the moment it was first reached', async () => {
    const board = fresh();
    await store.raise(board, entry('amina', 700, 1_000));
    await store.raise(board, entry('bob', 700, 2_000));
    const lower = await store.raise(board, entry('amina', 300, 9_000));
    expect(lower.placed).toEqual({ rank: 1, pointsHundredths: 700 });
    // Amina reaching 700 again later does not send her behind Bob.
    const tie = await store.raise(board, entry('amina', 700, 9_000));
    expect(tie.placed).toEqual({ rank: 1, pointsHundredths: 700 });
    const higher = await store.raise(board, entry('bob', 701, 10_000));
    expect(higher.placed).toEqual({ rank: 1, pointsHundredths: 701 });
    expect((await store.standing(board, 'amina')).placed).toEqual({ rank: 2, pointsHundredths: 700 });
    expect(higher.state.size).toBe(2);
  });

  it('raises a batch at once as one by one would, and answers each place after all of them', async () => {
    const board = fresh();
    await store.raise(board, entry('carol', 500, 3_000_000));
    await store.raise(board, entry('dan', 700, 1_000_000));
    const settled = await store.raiseAll(
      board,
      [entry('amina', 600, 5_000_000), entry('carol', 400, 1_000_000), entry('brian', 500, 2_000_000)],
      false,
    );
    expect(settled).toEqual({ state: { removed: null, size: 4 }, placed: [] });
    const { placed, state } = await store.raiseAll(
      board,
      [entry('carol', 800, 6_000_000), entry('dan', 700, 9_000_000), entry('brian', 500, 1_000_000)],
      true,
    );
    expect(state.size).toBe(4);
    // Carol's 800 is her new best; Dan's tie keeps the moment he first reached 700; Brian's tie at
    // 500 keeps his first moment too.
    expect(placed).toEqual([
      { rank: 1, pointsHundredths: 800 },
      { rank: 2, pointsHundredths: 700 },
      { rank: 4, pointsHundredths: 500 },
    ]);
    const { rows } = await store.page(board, 0, 10);
    expect(rows.map((row) => row.uid)).toEqual(['carol', 'dan', 'amina', 'brian']);
  });

  it('replaces an entry whatever it holds, and takes a player out', async () => {
    const board = fresh();
    await store.raise(board, entry('amina', 900, 1));
    await store.raise(board, entry('bob', 500, 2));
    await store.replace(board, 'amina', entry('amina', 100, 3));
    expect((await store.page(board, 0, 5)).rows.map((row) => row.uid)).toEqual(['bob', 'amina']);
    await store.replace(board, 'bob', null);
    expect((await store.standing(board, 'bob')).placed).toBeNull();
    expect((await store.standing(board, 'amina')).placed).toEqual({ rank: 1, pointsHundredths: 100 });
    await store.replace(board, 'nobody', null);
    expect((await store.page(board, 0, 5)).state.size).toBe(1);
  });

  it('pages from any offset: a full page, the partial last one, nothing beyond', async () => {
    const board = fresh();
    // 31 players, 310 down to 10 points.
    for (let i = 0; i < 31; i++) await store.raise(board, entry(`p${i}`, (31 - i) * 10, i));
    const page = async (offset: number, limit: number) =>
      (await store.page(board, offset, limit)).rows.map((row) => row.pointsHundredths);
    expect(await page(0, 15)).toEqual(Array.from({ length: 15 }, (_, i) => (31 - i) * 10));
    expect(await page(15, 15)).toEqual(Array.from({ length: 15 }, (_, i) => (16 - i) * 10));
    expect(await page(30, 15)).toEqual([10]);
    expect(await page(31, 15)).toEqual([]);
    expect(await page(45, 15)).toEqual([]);
    expect(await page(28, 7)).toEqual([30, 20, 10]);
    expect(await page(0, 1)).toEqual([310]);
    expect((await store.page(fresh(), 0, 15)).rows).toEqual([]);
  });

  it('says a board was never built until a rebuild marks it, with its entries_removed', async () => {
    const board = fresh();
    const raised = await store.raise(board, entry('amina', 100, 1));
    expect(raised.state).toEqual({ removed: null, size: 1 });
    expect(
      await store.rebuild(board, 4, async (add) => {
        await add([entry('bob', 200, 2), entry('carol', 50, 3)]);
        await add([]);
      }),
    ).toBe('rebuilt');
    // The rebuilt board holds what was loaded: Amina's report never reached PostgreSQL.
    const after = await store.page(board, 0, 10);
    expect(after.state).toEqual({ removed: 4, size: 2 });
    expect(after.rows.map((row) => row.uid)).toEqual(['bob', 'carol']);
  });

  it('a report arriving during a rebuild reaches the new board; the better of the two wins', async () => {
    const board = fresh();
    await store.rebuild(board, 0, async () => {});
    const outcome = await store.rebuild(board, 1, async (add) => {
      await add([entry('amina', 100, 1), entry('bob', 300, 2)]);
      // Meanwhile: Amina beats her best, Carol arrives, Bob reports less than he has.
      await store.raise(board, entry('amina', 500, 10));
      await store.raise(board, entry('carol', 200, 11));
      await store.raise(board, entry('bob', 50, 12));
      expect(await store.rebuild(board, 1, async () => {})).toBe('busy');
      // A chunk read from PostgreSQL before Amina's report committed still holds her old best.
      await add([entry('amina', 100, 1)]);
    });
    expect(outcome).toBe('rebuilt');
    const { state, rows } = await store.page(board, 0, 10);
    expect(state).toEqual({ removed: 1, size: 3 });
    expect(rows).toEqual([
      { uid: 'amina', pointsHundredths: 500 },
      { uid: 'bob', pointsHundredths: 300 },
      { uid: 'carol', pointsHundredths: 200 },
    ]);
  });

  it('a rebuild that fails leaves the old board and lets the next one start', async () => {
    const board = fresh();
    await store.rebuild(board, 2, async (add) => add([entry('amina', 100, 1)]));
    await expect(
      store.rebuild(board, 3, async (add) => {
        await add([entry('bob', 100, 1)]);
        throw new Error('the database went away');
      }),
    ).rejects.toThrow('the database went away');
    const { state, rows } = await store.page(board, 0, 10);
    expect(state).toEqual({ removed: 2, size: 1 });
    expect(rows.map((row) => row.uid)).toEqual(['amina']);
    expect(await store.rebuild(board, 3, async (add) => add([entry('bob', 100, 1)]))).toBe('rebuilt');
    expect((await store.page(board, 0, 10)).rows.map((row) => row.uid)).toEqual(['bob']);
  });

  it('answers as a full sort would, for 3,000 reports on 600 players with many ties', async () => {
    const board = fresh();
    const next = random(20_261_124);
    const best = new Map<string, RankEntry>();
    for (let i = 0; i < 3000; i++) {
      const uid = `player-${Math.floor(next() * 600)}`;
      // Few distinct points and moments, so ties on both are common.
      const report = entry(uid, Math.floor(next() * 40) * 25, Math.floor(next() * 50) * 1_000_000);
      const held = best.get(uid);
      if (!held || report.pointsHundredths > held.pointsHundredths) best.set(uid, report);
      const { placed, state } = await store.raise(board, report);
      expect(state.size).toBe(best.size);
      const expected = sorted(best.values());
      expect(placed.rank).toBe(expected.findIndex((e) => e.uid === uid) + 1);
      if (i % 500 === 499) {
        await store.replace(board, uid, null);
        best.delete(uid);
      }
    }
    const expected = sorted(best.values());
    for (const [offset, limit] of [
      [0, 15],
      [15, 15],
      [100, 100],
      [expected.length - 7, 15],
      [expected.length, 15],
    ] as const) {
      const { rows } = await store.page(board, offset, limit);
      expect(rows).toEqual(
        expected
          .slice(offset, offset + limit)
          .map(({ uid, pointsHundredths }) => ({ uid, pointsHundredths })),
      );
    }
    for (const [index, expectedEntry] of expected.entries()) {
      if (index % 37 !== 0) continue;
      const { placed } = await store.standing(board, expectedEntry.uid);
      expect(placed).toEqual({ rank: index + 1, pointsHundredths: expectedEntry.pointsHundredths });
    }
  });
});

describe('the skip list under the memory store', () => {
  it('keeps its spans right through inserts and removals in any order', () => {
    const list = new RankList();
    const next = random(7);
    const nodes = new Map<string, ReturnType<RankList['insert']>>();
    const held = new Map<string, RankEntry>();
    for (let i = 0; i < 4000; i++) {
      const uid = `u${Math.floor(next() * 500)}`;
      const old = nodes.get(uid);
      if (old) list.remove(old);
      if (next() < 0.2) {
        nodes.delete(uid);
        held.delete(uid);
        continue;
      }
      const added = entry(uid, Math.floor(next() * 30), Math.floor(next() * 10));
      nodes.set(uid, list.insert(added));
      held.set(uid, added);
    }
    const expected = sorted(held.values());
    expect(list.size).toBe(expected.length);
    expect(list.slice(0, expected.length + 5)).toEqual(expected);
    for (const [index, e] of expected.entries()) {
      expect(list.rankOf(nodes.get(e.uid) as ReturnType<RankList['insert']>)).toBe(index + 1);
      expect(list.slice(index, 1)).toEqual([e]);
    }
  });
});

describe('a board built from entries in the leaderboard order', () => {
  it('appends them, then keeps ranks and pages right through later inserts and removals', () => {
    const list = new RankList();
    const next = random(11);
    const built = sorted(
      Array.from({ length: 3000 }, (_, i) =>
        entry(`b${i}`, Math.floor(next() * 50), Math.floor(next() * 20)),
      ),
    );
    const nodes = new Map<string, ReturnType<RankList['insert']>>();
    const held = new Map<string, RankEntry>();
    for (const e of built) {
      nodes.set(e.uid, list.append(e));
      held.set(e.uid, e);
    }
    // One out of order: appended anyway, it is inserted where it belongs.
    const late = entry('late', 49, 0);
    nodes.set(late.uid, list.append(late));
    held.set(late.uid, late);
    for (let i = 0; i < 1500; i++) {
      const uid = `b${Math.floor(next() * 3000)}`;
      const old = nodes.get(uid);
      if (old) list.remove(old);
      const raised = entry(uid, Math.floor(next() * 60), Math.floor(next() * 20));
      nodes.set(uid, list.insert(raised));
      held.set(uid, raised);
    }
    const expected = sorted(held.values());
    expect(list.size).toBe(expected.length);
    expect(list.slice(0, expected.length + 5)).toEqual(expected);
    for (const [index, e] of expected.entries()) {
      if (index % 7 !== 0) continue;
      expect(list.rankOf(nodes.get(e.uid) as ReturnType<RankList['insert']>)).toBe(index + 1);
      expect(list.slice(index, 3)).toEqual(expected.slice(index, index + 3));
    }
  });

  it('gives every rank and page of a list built only by appending', () => {
    const list = new RankList();
    const entries = Array.from({ length: 2000 }, (_, i) =>
      entry(`a${String(i).padStart(5, '0')}`, 5000 - i, 0),
    );
    const nodes = entries.map((e) => list.append(e));
    expect(list.slice(0, 3000)).toEqual(entries);
    for (const [index, created] of nodes.entries()) expect(list.rankOf(created)).toBe(index + 1);
    expect(list.slice(1990, 15)).toEqual(entries.slice(1990));
  });
});
