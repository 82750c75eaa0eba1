import type { TournamentAward } from '@playon/shared/tournaments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { arrangeTournament, insertTestGame, seatPlayers, tournamentApi } from '../support/tournaments.ts';

const MINUTE = 60_000;

let t: TestApp;
let api: ReturnType<typeof tournamentApi>;
let amina: TestPlayer;
let gameId: number;
beforeAll(async () => {
  t = await createTestApp();
  api = tournamentApi(t);
  amina = await signUpPlayer(t.app);
  gameId = (await insertTestGame(t)).id;
});
afterAll(() => t.close());

const running = () => {
  const now = Date.now();
  return arrangeTournament(t, { gameId, starts: new Date(now - MINUTE), ends: new Date(now + 60 * MINUTE) });
};
/** 30, 29, … 1 times ten points, best first. */
const descending = (count: number) => Array.from({ length: count }, (_, index) => (count - index) * 10);

describe('GET /api/tournament-leaderboards/{id}', () => {
  it('pages 15 at a time from page 0; with 30 entries page 1 is the last', async () => {
    const cup = await running();
    const uids = await seatPlayers(t, cup.id, descending(30));
    const first = await api.leaderboard(amina, cup.id);
    expect(first).toMatchObject({ page: 0, pageSize: 15, totalElements: 30, last: false });
    expect(first.content.map((entry) => entry.rank)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(first.content[0]).toEqual({
      rank: 1,
      userId: uids[0],
      username: null,
      profilePic: null,
      points: 300,
    });
    const second = await api.leaderboard(amina, cup.id, '?page=1&pageSize=15');
    expect(second).toMatchObject({ page: 1, totalElements: 30, last: true });
    expect(second.content.map((entry) => [entry.rank, entry.userId])).toEqual(
      uids.slice(15).map((uid, index) => [16 + index, uid]),
    );
  });

  it('with 31 entries page 1 is not the last and page 2 holds the 31st', async () => {
    const cup = await running();
    const uids = await seatPlayers(t, cup.id, descending(31));
    expect((await api.leaderboard(amina, cup.id, '?page=1')).last).toBe(false);
    const third = await api.leaderboard(amina, cup.id, '?page=2');
    expect(third.last).toBe(true);
    expect(third.content).toEqual([
      { rank: 31, userId: uids[30], username: null, profilePic: null, points: 10 },
    ]);
    const beyond = await api.leaderboard(amina, cup.id, '?page=3');
    expect(beyond).toEqual({ content: [], last: true, page: 3, pageSize: 15, totalElements: 31 });
    const sevens = await api.leaderboard(amina, cup.id, '?page=4&pageSize=7');
    expect(sevens.content.map((entry) => entry.rank)).toEqual([29, 30, 31]);
    expect(sevens.last).toBe(true);
  });

  it('refuses a page size out of range', async () => {
    const cup = await running();
    for (const query of ['?pageSize=0', '?pageSize=101', '?page=-1', '?page=x']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/tournament-leaderboards/${cup.id}${query}`,
        headers: bearer(amina.token),
      });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("shows a player's username and picture, and an empty board with nobody on it", async () => {
    const cup = await running();
    expect(await api.leaderboard(amina, cup.id)).toEqual({
      content: [],
      last: true,
      page: 0,
      pageSize: 15,
      totalElements: 0,
    });
    expect(await api.me(amina, cup.id)).toBeNull();
    const named = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${amina.uid}`,
      headers: bearer(amina.token),
      payload: { username: `amina${Date.now() % 100_000}` },
    });
    expect(named.statusCode, named.body).toBe(200);
    await seatPlayers(t, cup.id, [900, 100]);
    await api.report(amina, cup.id, { session: await api.session(amina, gameId, cup.id), points: 500.5 });
    const board = await api.leaderboard(amina, cup.id);
    expect(board.content[1]).toEqual({
      rank: 2,
      userId: amina.uid,
      username: named.json().payload.username,
      profilePic: null,
      points: 500.5,
    });
  });
});

describe('GET /api/tournament-leaderboards/{id}/me', () => {
  it("gives the player's rank, best and the number of players, deep in a long board", async () => {
    const cup = await running();
    await seatPlayers(t, cup.id, descending(40));
    await api.report(amina, cup.id, { session: await api.session(amina, gameId, cup.id), points: 125 });
    expect(await api.me(amina, cup.id)).toEqual({ rank: 29, points: 125, totalElements: 41 });
  });
});

describe('GET /api/tournament-awards/tournament/{id}', () => {
  it('lists Gold, Silver and Bronze by place with their prize packages, without winners before the ranking', async () => {
    const cup = await running();
    const awards = await api.get<TournamentAward[]>(amina, `/api/tournament-awards/tournament/${cup.id}`);
    expect(
      awards.map((item) => [item.position, item.award.name, item.subscriptionPackage.name, item.winnerId]),
    ).toEqual([
      [1, 'Gold', 'Platinum', null],
      [2, 'Silver', 'Gold', null],
      [3, 'Bronze', 'Silver', null],
    ]);
    expect(new Set(awards.map((item) => item.id)).size).toBe(3);
  });
});
