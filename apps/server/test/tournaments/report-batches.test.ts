import { gameMessages } from '@playon/shared/games';
import { contentMessages } from '@playon/shared/ops-content';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayTokens } from '../../src/modules/games/play-token.ts';
import { playSessions } from '../../src/modules/games/service.ts';
import { tournamentScores, tournaments as tournamentsTable } from '../../src/modules/tournaments/schema.ts';
import type { TournamentService } from '../../src/modules/tournaments/service.ts';
import { AppError } from '../../src/platform/errors.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signUpPlayer, type TestPlayer } from '../support/players.ts';
import { countingDb } from '../support/statements.ts';
import { arrangeTournament, insertTestGame, tournamentApi, tournamentsOf } from '../support/tournaments.ts';

/**
 * Score reports by group commit: reports that arrive together are written by one
 * statement, each with its own checks and answer; a session counts once; the tournament's cached
 * row never lets a report into a tournament that has stopped running.
 */
const MINUTE = 60_000;
const backend = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

let t: TestApp;
let api: ReturnType<typeof tournamentApi>;
let gameId: number;
let players: TestPlayer[];
beforeAll(async () => {
  t = await createTestApp();
  api = tournamentApi(t);
  gameId = (await insertTestGame(t)).id;
  players = [];
  for (let i = 0; i < 6; i++) players.push(await signUpPlayer(t.app));
});
afterAll(() => t.close());

const running = () => {
  const now = Date.now();
  return arrangeTournament(t, { gameId, starts: new Date(now - MINUTE), ends: new Date(now + 60 * MINUTE) });
};

/** The token of a session inserted here, signed as the server signs it. */
const signed = (id: string | undefined) => createPlayTokens(t.config.authSecret).sign(id ?? '');

const sessionRow = async (token: string) => {
  const [row] = await t.database.db
    .select()
    .from(playSessions)
    .where(eq(playSessions.id, token.split('.')[0] as string));
  return row;
};

/** What a promise settled to: the result, or the refusal's status and message. */
const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (err: unknown) =>
      err instanceof AppError ? { refused: [err.code, err.message] } : { failed: String(err) },
  );

const player = (index: number) => players[index] as TestPlayer;

describe(`score reports written together (${backend})`, () => {
  it('applies a session reported five times at once exactly once, the others refused as used', async () => {
    const cup = await running();
    const service = tournamentsOf(t);
    const session = await api.session(player(0), gameId, cup.id);
    const outcomes = await Promise.all(
      [120, 150, 90, 200, 60].map((points) =>
        settled(service.reportScore(player(0).uid, cup.id, { session, points })),
      ),
    );
    const applied = outcomes.filter((outcome) => 'value' in outcome);
    expect(applied, JSON.stringify(outcomes)).toHaveLength(1);
    const refused = outcomes.filter((outcome) => 'refused' in outcome);
    expect(refused).toHaveLength(4);
    for (const outcome of refused)
      expect(outcome).toEqual({ refused: ['CONFLICT', gameMessages.sessionUsed] });

    const won = (applied[0] as { value: { points: number; best: number; rank: number } }).value;
    expect(won.best).toBe(won.points);
    expect(won.rank).toBe(1);
    const scores = await t.database.db
      .select()
      .from(tournamentScores)
      .where(eq(tournamentScores.tournamentId, cup.id));
    expect(scores.map((row) => [row.uid, row.pointsHundredths])).toEqual([[player(0).uid, won.points * 100]]);
    expect((await sessionRow(session))?.pointsHundredths).toBe(won.points * 100);
  });

  it('writes reports arriving together in one statement, each refused or answered on its own', async () => {
    const cup = await running();
    const counting = countingDb(t.database);
    const service = tournamentsOf(t, undefined, counting.db);
    // A first report fills the cache with the tournament's row.
    const spent = await api.session(player(5), gameId, cup.id);
    await service.reportScore(player(5).uid, cup.id, { session: spent, points: 10 });
    const good = [
      { who: player(0), points: 300 },
      { who: player(1), points: 100 },
      { who: player(2), points: 200 },
    ];
    const sessions = await Promise.all(good.map(({ who }) => api.session(who, gameId, cup.id)));
    const brians = await api.session(player(3), gameId, cup.id);
    const reports: [TestPlayer, { session: string; points: number }][] = [
      [good[0]?.who as TestPlayer, { session: sessions[0] as string, points: 300 }],
      [player(4), { session: brians, points: 50 }],
      [good[1]?.who as TestPlayer, { session: sessions[1] as string, points: 100 }],
      [player(3), { session: `${brians.slice(0, -4)}AAAA`, points: 50 }],
      [good[2]?.who as TestPlayer, { session: sessions[2] as string, points: 200 }],
      [player(5), { session: spent, points: 70 }],
    ];
    let outcomes: Awaited<ReturnType<typeof settled>>[] = [];
    const statements = await counting.during(async () => {
      outcomes = await Promise.all(
        reports.map(([who, report]) => settled(service.reportScore(who.uid, cup.id, report))),
      );
    });
    expect(outcomes).toEqual([
      { value: { points: 300, best: 300, rank: 1 } },
      { refused: ['FORBIDDEN', gameMessages.sessionNotYours] },
      { value: { points: 100, best: 100, rank: 3 } },
      { refused: ['BAD_REQUEST', gameMessages.sessionInvalid] },
      { value: { points: 200, best: 200, rank: 2 } },
      { refused: ['CONFLICT', gameMessages.sessionUsed] },
    ]);
    // The sessions read together, then one statement marks and raises: no BEGIN, no COMMIT.
    expect(statements, statements.join('\n')).toHaveLength(2);
    expect((await sessionRow(brians))?.reportedAt).toBeNull();
    const page = await service.leaderboardPage(cup.id, { page: 0, pageSize: 15 });
    expect(page.content.map((row) => [row.userId, row.points])).toEqual([
      [player(0).uid, 300],
      [player(2).uid, 200],
      [player(1).uid, 100],
      [player(5).uid, 10],
    ]);
    expect(page.totalElements).toBe(4);
  });

  it('keeps the best of a player reporting several sessions at once, in one statement', async () => {
    const cup = await running();
    const counting = countingDb(t.database);
    const service = tournamentsOf(t, undefined, counting.db);
    // A first report fills the cache with the tournament's row.
    await service.reportScore(player(0).uid, cup.id, {
      session: await api.session(player(0), gameId, cup.id),
      points: 100,
    });
    const points = [40, 250, 120, 250, 10];
    const sessions: string[] = [];
    for (const _ of points) sessions.push(await api.session(player(1), gameId, cup.id));
    let results: Awaited<ReturnType<typeof service.reportScore>>[] = [];
    const statements = await counting.during(async () => {
      results = await Promise.all(
        points.map((p, index) =>
          service.reportScore(player(1).uid, cup.id, { session: sessions[index] as string, points: p }),
        ),
      );
    });
    // Each report is answered with the player's best and place once all five are in.
    expect(results).toEqual(points.map((p) => ({ points: p, best: 250, rank: 1 })));
    // The sessions read together, then one statement marks all five and raises the best once.
    expect(statements, statements.join('\n')).toHaveLength(2);
    for (const token of sessions) expect((await sessionRow(token))?.reportedAt).not.toBeNull();
    const [row] = await t.database.db
      .select()
      .from(tournamentScores)
      .where(and(eq(tournamentScores.tournamentId, cup.id), eq(tournamentScores.uid, player(1).uid)));
    expect(row?.pointsHundredths).toBe(25_000);
    // One of the two sessions that reported 250 (a tie keeps the one written first).
    expect([sessions[1], sessions[3]].map((token) => token?.split('.')[0])).toContain(row?.sessionId);
  });
});

describe(`the cached tournament row (${backend})`, () => {
  /**
   * A report accepted, so the row is cached; then the row changed behind the service's back, `change`
   * given when the next session (returned) was issued.
   */
  async function cachedThenChanged(
    change: (issuedAt: number) => Partial<typeof tournamentsTable.$inferInsert>,
  ) {
    const cup = await running();
    const service: TournamentService = tournamentsOf(t);
    await service.reportScore(player(0).uid, cup.id, {
      session: await api.session(player(0), gameId, cup.id),
      points: 20,
    });
    const session = await api.session(player(1), gameId, cup.id);
    const issuedAt = (await sessionRow(session))?.startedAt.getTime() ?? Number.NaN;
    await t.database.db.update(tournamentsTable).set(change(issuedAt)).where(eq(tournamentsTable.id, cup.id));
    return { cup, service, session };
  }

  it('refuses the run of a session issued after the end moved earlier elsewhere, and leaves it unspent', async () => {
    const { cup, service, session } = await cachedThenChanged((issuedAt) => ({
      ends: new Date(issuedAt - 1),
    }));
    expect(await settled(service.reportScore(player(1).uid, cup.id, { session, points: 30 }))).toEqual({
      refused: ['CONFLICT', gameMessages.sessionAfterEnd],
    });
    expect((await sessionRow(session))?.reportedAt).toBeNull();
    expect((await service.ownRank(cup.id, player(1).uid)) ?? null).toBeNull();
  });

  it('counts the run of a session issued before the end, reported after it, until the tournament is ranked', async () => {
    const { cup, service, session } = await cachedThenChanged((issuedAt) => ({
      ends: new Date(issuedAt + 1),
    }));
    expect(await service.reportScore(player(1).uid, cup.id, { session, points: 30 })).toEqual({
      points: 30,
      best: 30,
      rank: 1,
    });
    const second = await api.session(player(2), gameId, cup.id).catch(() => null);
    expect(second).toBeNull();
    await t.database.db
      .update(tournamentsTable)
      .set({ rankedAt: new Date() })
      .where(eq(tournamentsTable.id, cup.id));
    const [kept] = await t.database.db
      .insert(playSessions)
      .values({
        uid: player(2).uid,
        gameId,
        tournamentId: cup.id,
        startedAt: new Date(Date.parse(cup.starts) + 1),
        expiresAt: new Date(Date.now() + 60 * MINUTE),
        offline: true,
      })
      .returning();
    expect(
      await settled(service.reportScore(player(2).uid, cup.id, { session: signed(kept?.id), points: 40 })),
    ).toEqual({
      refused: ['CONFLICT', gameMessages.tournamentFinal],
    });
    expect((await sessionRow(signed(kept?.id)))?.reportedAt).toBeNull();
  });

  it('refuses a report once the tournament was cancelled elsewhere', async () => {
    const { cup, service, session } = await cachedThenChanged(() => ({ cancelledAt: new Date() }));
    expect(await settled(service.reportScore(player(1).uid, cup.id, { session, points: 30 }))).toEqual({
      refused: ['CONFLICT', contentMessages.tournamentCancelled],
    });
    expect((await sessionRow(session))?.reportedAt).toBeNull();
  });

  it('takes a report again once an ended tournament was extended elsewhere', async () => {
    const cup = await running();
    const service = tournamentsOf(t);
    await service.reportScore(player(0).uid, cup.id, {
      session: await api.session(player(0), gameId, cup.id),
      points: 20,
    });
    const session = await api.session(player(1), gameId, cup.id);
    const issuedAt = (await sessionRow(session))?.startedAt.getTime() ?? Number.NaN;
    const ended = new Date(issuedAt - 1);
    await t.database.db.update(tournamentsTable).set({ ends: ended }).where(eq(tournamentsTable.id, cup.id));
    expect(await settled(service.reportScore(player(1).uid, cup.id, { session, points: 30 }))).toEqual({
      refused: ['CONFLICT', gameMessages.sessionAfterEnd],
    });
    await t.database.db
      .update(tournamentsTable)
      .set({ ends: new Date(Date.now() + 60 * MINUTE) })
      .where(eq(tournamentsTable.id, cup.id));
    expect(await service.reportScore(player(1).uid, cup.id, { session, points: 30 })).toEqual({
      points: 30,
      best: 30,
      rank: 1,
    });
  });
});
