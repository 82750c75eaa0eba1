import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signUpPlayer, type TestPlayer } from '../support/players.ts';
import { countingDb } from '../support/statements.ts';
import { arrangeTournament, insertTestGame, tournamentApi, tournamentsOf } from '../support/tournaments.ts';

/**
 * What one score report costs PostgreSQL (a report was about nine round trips, then
 * three and BEGIN and COMMIT): the play session read, then one statement that marks it and raises
 * the best, outside any transaction; the tournament's row comes from the cache after its first
 * report. Reports arriving together share these two (report-batches.test.ts). A change that adds a
 * statement to every report fails here.
 */
const STATEMENTS_PER_REPORT = 2;
const MINUTE = 60_000;

let t: TestApp;
let api: ReturnType<typeof tournamentApi>;
let amina: TestPlayer;
let brian: TestPlayer;
let gameId: number;
beforeAll(async () => {
  t = await createTestApp();
  api = tournamentApi(t);
  amina = await signUpPlayer(t.app);
  brian = await signUpPlayer(t.app);
  gameId = (await insertTestGame(t)).id;
});
afterAll(() => t.close());

describe('a score report', () => {
  it(`costs at most ${STATEMENTS_PER_REPORT} statements, first score, a better one and a worse one alike`, async () => {
    const now = Date.now();
    const cup = await arrangeTournament(t, {
      gameId,
      starts: new Date(now - MINUTE),
      ends: new Date(now + 60 * MINUTE),
    });
    const counting = countingDb(t.database);
    const tournaments = tournamentsOf(t, undefined, counting.db);
    const report = async (player: TestPlayer, points: number) => {
      const session = await api.session(player, gameId, cup.id);
      let result: Awaited<ReturnType<typeof tournaments.reportScore>> | undefined;
      const statements = await counting.during(async () => {
        result = await tournaments.reportScore(player.uid, cup.id, { session, points });
      });
      return { result, statements };
    };
    // Brian's first report reads the tournament's row (then cached) and which database the board
    // belongs to (once per process) and finds no board yet: PostgreSQL ranks it while the board is
    // built, which a page waits for.
    expect((await report(brian, 300)).result).toEqual({ points: 300, best: 300, rank: 1 });
    await tournaments.leaderboardPage(cup.id, { page: 0, pageSize: 15 });

    const first = await report(amina, 200);
    expect(first.result).toEqual({ points: 200, best: 200, rank: 2 });
    const better = await report(amina, 400);
    expect(better.result).toEqual({ points: 400, best: 400, rank: 1 });
    const worse = await report(amina, 100);
    expect(worse.result).toEqual({ points: 100, best: 400, rank: 1 });
    for (const { statements } of [first, better, worse]) {
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(STATEMENTS_PER_REPORT);
    }
  });
});
