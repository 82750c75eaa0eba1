import { gameMessages } from '@playon/shared/games';
import { type Tournament, tournamentMessages, tournamentStatusAt } from '@playon/shared/tournaments';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LATE_REPORTS_MS } from '../../src/modules/tournaments/play-rule.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { accessToken, bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { arrangeTournament, insertTestGame, tournamentApi } from '../support/tournaments.ts';

const MINUTE = 60_000;

let t: TestApp;
let api: ReturnType<typeof tournamentApi>;
let amina: TestPlayer;
let brian: TestPlayer;
let gameId: number;
let otherGameId: number;
beforeAll(async () => {
  t = await createTestApp();
  api = tournamentApi(t);
  [amina, brian] = [await signUpPlayer(t.app), await signUpPlayer(t.app)];
  gameId = (await insertTestGame(t)).id;
  otherGameId = (await insertTestGame(t)).id;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Stops the server's clock at `at` (only Date: timers keep running). */
/** The player with an access token issued at the test's clock (the one from sign-up may have expired). */
const renewed = async (player: TestPlayer): Promise<TestPlayer> => ({
  ...player,
  token: await accessToken(t.app, player.cookie),
});

function clockAt(at: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

describe('GET /api/tournaments', () => {
  it('lists the tournaments by start and gives one by id, with its game', async () => {
    const now = Date.now();
    const later = await arrangeTournament(t, {
      gameId,
      starts: new Date(now + 60 * MINUTE),
      ends: new Date(now + 120 * MINUTE),
    });
    const running = await arrangeTournament(t, {
      gameId,
      starts: new Date(now - 60 * MINUTE),
      ends: new Date(now + 60 * MINUTE),
    });
    const list = await api.get<Tournament[]>(amina, '/api/tournaments');
    const ids = list.map((item) => item.id);
    expect(ids.indexOf(running.id)).toBeLessThan(ids.indexOf(later.id));
    expect(list.map((item) => item.starts)).toEqual([...list.map((item) => item.starts)].sort());
    expect(await api.get<Tournament>(amina, `/api/tournaments/${later.id}`)).toEqual({
      id: later.id,
      name: later.name,
      description: 'A tournament the test arranged.',
      starts: new Date(now + 60 * MINUTE).toISOString(),
      ends: new Date(now + 120 * MINUTE).toISOString(),
      gameId,
    });
  });

  it('answers 404 for a tournament that does not exist, and 401 without a token', async () => {
    for (const url of [
      '/api/tournaments/999999',
      '/api/tournament-leaderboards/999999',
      '/api/tournament-awards/tournament/999999',
    ]) {
      const missing = await t.app.inject({ method: 'GET', url, headers: bearer(amina.token) });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().statusMessage).toBe(tournamentMessages.notFound);
    }
    for (const url of ['/api/tournaments', '/api/hall-of-fame', '/api/tournament-leaderboards/1/me']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('the API document', () => {
  it('documents every tournament endpoint', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/tournaments',
        '/api/tournaments/{id}',
        '/api/tournament-leaderboards/{id}',
        '/api/tournament-leaderboards/{id}/me',
        '/api/tournament-awards/tournament/{id}',
        '/api/hall-of-fame',
      ]),
    );
  });
});

describe('the clock rule, at each boundary', () => {
  it('is upcoming at its exact start, ongoing a millisecond later, plays until its exact end, and takes the runs of sessions issued before the end until the late window closes', async () => {
    const starts = Math.ceil((Date.now() + MINUTE) / 1000) * 1000;
    const ends = starts + 2 * MINUTE;
    const cup = await arrangeTournament(t, { gameId, starts: new Date(starts), ends: new Date(ends) });

    clockAt(starts);
    expect(tournamentStatusAt(cup, Date.now())).toBe('UPCOMING');
    const tooEarly = await api.play(amina, gameId, cup.id);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().statusMessage).toBe(gameMessages.tournamentNotOngoing);

    clockAt(starts + 1);
    const session = await api.session(amina, gameId, cup.id);
    const lateSession = await api.session(brian, gameId, cup.id);
    const tooLateSession = await api.session(amina, gameId, cup.id);

    clockAt(ends - 1);
    const inTime = await api.report(amina, cup.id, { session, points: 250.5 });
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(inTime.json().payload).toEqual({ points: 250.5, best: 250.5, rank: 1 });

    clockAt(ends);
    expect(tournamentStatusAt(cup, Date.now())).toBe('UPCOMING');
    expect((await api.play(brian, gameId, cup.id)).statusCode).toBe(409);

    // A run of a session issued before the end, reported after it (played offline): it counts.
    // Half an hour on, the players' access tokens are renewed as their apps would.
    clockAt(ends + LATE_REPORTS_MS - 1);
    expect(tournamentStatusAt(cup, Date.now())).toBe('EXPIRED');
    const [aminaNow, brianNow] = [await renewed(amina), await renewed(brian)];
    const late = await api.report(brianNow, cup.id, { session: lateSession, points: 300 });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().payload).toEqual({ points: 300, best: 300, rank: 1 });

    clockAt(ends + LATE_REPORTS_MS);
    const tooLate = await api.report(aminaNow, cup.id, { session: tooLateSession, points: 400 });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().statusMessage).toBe(gameMessages.tournamentFinal);
    expect(
      (await api.leaderboard(aminaNow, cup.id)).content.map((entry) => [entry.userId, entry.points]),
    ).toEqual([
      [brian.uid, 300],
      [amina.uid, 250.5],
    ]);
  });

  it("refuses 'Play now' for a tournament of another game, and for one that does not exist", async () => {
    const now = Date.now();
    const cup = await arrangeTournament(t, {
      gameId,
      starts: new Date(now - MINUTE),
      ends: new Date(now + MINUTE),
    });
    const otherGame = await api.play(amina, otherGameId, cup.id);
    expect(otherGame.statusCode).toBe(409);
    expect(otherGame.json().statusMessage).toBe(gameMessages.tournamentOtherGame);
    const missing = await api.play(amina, gameId, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().statusMessage).toBe(tournamentMessages.notFound);
  });
});

describe('keeping the best score', () => {
  it('keeps the higher of two reports and answers the rank after each', async () => {
    const now = Date.now();
    const cup = await arrangeTournament(t, {
      gameId,
      starts: new Date(now - MINUTE),
      ends: new Date(now + 10 * MINUTE),
    });
    const first = await api.report(amina, cup.id, {
      session: await api.session(amina, gameId, cup.id),
      points: 800,
    });
    expect(first.json()).toEqual({
      statusCode: 200,
      statusMessage: 'Score saved.',
      payload: { points: 800, best: 800, rank: 1 },
    });
    const worse = await api.report(amina, cup.id, {
      session: await api.session(amina, gameId, cup.id),
      points: 300.25,
    });
    expect(worse.json().payload).toEqual({ points: 300.25, best: 800, rank: 1 });
    const brians = await api.report(brian, cup.id, {
      session: await api.session(brian, gameId, cup.id),
      points: 900,
    });
    expect(brians.json().payload).toEqual({ points: 900, best: 900, rank: 1 });
    expect(await api.me(amina, cup.id)).toEqual({ rank: 2, points: 800, totalElements: 2 });
    const better = await api.report(amina, cup.id, {
      session: await api.session(amina, gameId, cup.id),
      points: 950.75,
    });
    expect(better.json().payload).toEqual({ points: 950.75, best: 950.75, rank: 1 });
    expect(
      (await api.leaderboard(brian, cup.id)).content.map((entry) => [entry.rank, entry.userId, entry.points]),
    ).toEqual([
      [1, amina.uid, 950.75],
      [2, brian.uid, 900],
    ]);
  });

  it('gives a tie to the player who reached the score first, even when the leader repeats it', async () => {
    const now = Date.now();
    const cup = await arrangeTournament(t, {
      gameId,
      starts: new Date(now - MINUTE),
      ends: new Date(now + 10 * MINUTE),
    });
    const [brianSession, aminaSession, aminaAgain] = [
      await api.session(brian, gameId, cup.id),
      await api.session(amina, gameId, cup.id),
      await api.session(amina, gameId, cup.id),
    ];
    clockAt(now + 1000);
    expect(
      (await api.report(brian, cup.id, { session: brianSession, points: 700 })).json().payload.rank,
    ).toBe(1);
    clockAt(now + 2000);
    expect(
      (await api.report(amina, cup.id, { session: aminaSession, points: 700 })).json().payload.rank,
    ).toBe(2);
    clockAt(now + 3000);
    expect(
      (
        await api.report(brian, cup.id, { session: await api.session(brian, gameId, cup.id), points: 700 })
      ).json().payload,
    ).toEqual({
      points: 700,
      best: 700,
      rank: 1,
    });
    expect((await api.report(amina, cup.id, { session: aminaAgain, points: 700 })).json().payload.rank).toBe(
      2,
    );
    expect(await api.me(brian, cup.id)).toEqual({ rank: 1, points: 700, totalElements: 2 });
  });
});
