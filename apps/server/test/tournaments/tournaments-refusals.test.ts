import { gameMessages } from '@playon/shared/games';
import type { LeaderboardPage, Tournament } from '@playon/shared/tournaments';
import { tournamentMessages } from '@playon/shared/tournaments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { playSessions } from '../../src/modules/games/service.ts';
import { LATE_REPORTS_MS } from '../../src/modules/tournaments/play-rule.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signUpPlayer, type TestPlayer } from '../support/players.ts';
import { arrangeTournament, insertTestGame, tournamentApi } from '../support/tournaments.ts';

const MINUTE = 60_000;

let t: TestApp;
let api: ReturnType<typeof tournamentApi>;
let amina: TestPlayer;
let brian: TestPlayer;
let gameId: number;
let cup: Tournament;
let otherCup: Tournament;
let before: LeaderboardPage;
beforeAll(async () => {
  t = await createTestApp();
  api = tournamentApi(t);
  [amina, brian] = [await signUpPlayer(t.app), await signUpPlayer(t.app)];
  gameId = (await insertTestGame(t)).id;
  const now = Date.now();
  cup = await arrangeTournament(t, {
    gameId,
    starts: new Date(now - MINUTE),
    ends: new Date(now + 60 * MINUTE),
  });
  otherCup = await arrangeTournament(t, {
    gameId,
    starts: new Date(now - MINUTE),
    ends: new Date(now + 60 * MINUTE),
  });
  const first = await api.report(amina, cup.id, {
    session: await api.session(amina, gameId, cup.id),
    points: 500,
  });
  expect(first.statusCode, first.body).toBe(200);
});
afterAll(() => t.close());
beforeEach(async () => {
  before = await api.leaderboard(amina, cup.id);
});

/** The report is refused with this status and message, and the leaderboard is as it was. */
async function expectRefused(
  response: Awaited<ReturnType<typeof api.report>>,
  status: number,
  message: string,
  tournament = cup,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().statusMessage).toBe(message);
  expect(await api.leaderboard(amina, tournament.id)).toEqual(before);
}

const isSpent = async (token: string) => {
  const [id] = token.split('.');
  const [row] = await t.database.db
    .select()
    .from(playSessions)
    .where(eq(playSessions.id, id as string));
  return row?.reportedAt !== null;
};

describe('a score report that is refused changes nothing', () => {
  it('without a play session', async () => {
    await expectRefused(
      await api.report(amina, cup.id, { points: 900 }),
      400,
      'This score has no play session.',
    );
  });

  it('with a forged play session', async () => {
    const real = await api.session(amina, gameId, cup.id);
    const forged = `${real.slice(0, -4)}AAAA`;
    await expectRefused(
      await api.report(amina, cup.id, { session: forged, points: 900 }),
      400,
      gameMessages.sessionInvalid,
    );
    await expectRefused(
      await api.report(amina, cup.id, { session: 'not-a-session', points: 900 }),
      400,
      gameMessages.sessionInvalid,
    );
    expect(await isSpent(real)).toBe(false);
  });

  it("with another player's play session", async () => {
    const brians = await api.session(brian, gameId, cup.id);
    await expectRefused(
      await api.report(amina, cup.id, { session: brians, points: 900 }),
      403,
      gameMessages.sessionNotYours,
    );
    expect(await isSpent(brians)).toBe(false);
  });

  it('with a play session that already reported', async () => {
    const session = await api.session(amina, gameId, cup.id);
    expect((await api.report(amina, cup.id, { session, points: 100 })).statusCode).toBe(200);
    before = await api.leaderboard(amina, cup.id);
    await expectRefused(
      await api.report(amina, cup.id, { session, points: 990 }),
      409,
      gameMessages.sessionUsed,
    );
  });

  it('with a play session of another tournament, or of a free play', async () => {
    const forOther = await api.session(amina, gameId, otherCup.id);
    await expectRefused(
      await api.report(amina, cup.id, { session: forOther, points: 900 }),
      409,
      gameMessages.sessionOtherTournament,
    );
    const freePlay = await api.session(amina, gameId);
    await expectRefused(
      await api.report(amina, cup.id, { session: freePlay, points: 900 }),
      409,
      gameMessages.sessionOtherTournament,
    );
    expect(await isSpent(forOther)).toBe(false);
  });

  it('for a final or upcoming tournament, before the play session is spent', async () => {
    const now = Date.now();
    for (const [starts, ends, message] of [
      [now - 60 * MINUTE - LATE_REPORTS_MS, now - MINUTE - LATE_REPORTS_MS, gameMessages.tournamentFinal],
      [now + MINUTE, now + 60 * MINUTE, gameMessages.tournamentNotOngoing],
    ] as const) {
      const closed = await arrangeTournament(t, { gameId, starts: new Date(starts), ends: new Date(ends) });
      const session = await api.session(amina, gameId, cup.id);
      before = await api.leaderboard(amina, closed.id);
      await expectRefused(await api.report(amina, closed.id, { session, points: 900 }), 409, message, closed);
      expect(await isSpent(session)).toBe(false);
    }
  });

  it('with a score the game cannot make in the time played', async () => {
    const session = await api.session(amina, gameId, cup.id);
    await expectRefused(
      await api.report(amina, cup.id, { session, points: 5_000 }),
      422,
      gameMessages.implausibleScore,
    );
    expect((await api.report(amina, cup.id, { session, points: 5_000 })).json().statusMessage).toBe(
      gameMessages.implausibleScore,
    );
  });

  it('with points that are not a score, or for a tournament that does not exist', async () => {
    const session = await api.session(amina, gameId, cup.id);
    await expectRefused(
      await api.report(amina, cup.id, { session, points: -1 }),
      400,
      'A score cannot be negative.',
    );
    await expectRefused(
      await api.report(amina, cup.id, { session, points: 1.005 }),
      400,
      'A score has at most two decimals.',
    );
    await expectRefused(
      await api.report(amina, 999_999, { session, points: 10 }),
      404,
      tournamentMessages.notFound,
    );
    expect(await isSpent(session)).toBe(false);
  });
});
