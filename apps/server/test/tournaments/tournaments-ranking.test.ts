import type { UserSubscription } from '@playon/shared/subscriptions';
import type { HallOfFameEntry, Tournament, TournamentAward } from '@playon/shared/tournaments';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userSubscriptions } from '../../src/modules/subscriptions/service.ts';
import { LATE_REPORTS_MS } from '../../src/modules/tournaments/play-rule.ts';
import { TOURNAMENT_RANKING_JOB } from '../../src/modules/tournaments/service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runJobsNow } from '../support/jobs.ts';
import { accessToken, signUpPlayer, type TestPlayer } from '../support/players.ts';
import {
  arrangeTournament,
  insertTestGame,
  seatPlayers,
  tournamentApi,
  tournamentsOf,
} from '../support/tournaments.ts';

const MINUTE = 60_000;

let t: TestApp;
let api: ReturnType<typeof tournamentApi>;
let players: TestPlayer[];
let gameId: number;
let gameName: string;
beforeAll(async () => {
  t = await createTestApp();
  api = tournamentApi(t);
  players = [];
  for (let i = 0; i < 4; i++) players.push(await signUpPlayer(t.app));
  ({ id: gameId, name: gameName } = await insertTestGame(t));
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A tournament running now that ends two minutes from now. */
async function cupEndingSoon(name?: string) {
  const now = Date.now();
  return arrangeTournament(t, {
    gameId,
    starts: new Date(now - MINUTE),
    ends: new Date(now + 2 * MINUTE),
    name,
  });
}

/**
 * Moves the server's clock past the end of `cup` and the late reports' window the job waits for
 * (Date only: timers keep running); the players' access tokens are renewed, as their apps would.
 */
async function afterTheEnd(cup: Tournament) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse(cup.ends) + LATE_REPORTS_MS + 1000);
  for (const player of players) player.token = await accessToken(t.app, player.cookie);
}

const awardsOf = (cup: Tournament) =>
  api.get<TournamentAward[]>(players[0] as TestPlayer, `/api/tournament-awards/tournament/${cup.id}`);
const hallOfFame = () => api.get<HallOfFameEntry[]>(players[0] as TestPlayer, '/api/hall-of-fame');
const subscriptionsOf = (player: TestPlayer) =>
  api.get<UserSubscription[]>(player, '/api/subscriptions/list');
const grantRows = async () => (await t.database.db.select().from(userSubscriptions)).length;

describe('ranking a tournament once it has ended', () => {
  it('gives the podium its prizes as active subscriptions and the hall of fame its champions, once', async () => {
    const cup = await cupEndingSoon('Nairobi Night Cup');
    const [amina, brian, chao, dede] = players as [TestPlayer, TestPlayer, TestPlayer, TestPlayer];
    for (const [player, points] of [
      [brian, 640],
      [amina, 910.5],
      [dede, 120],
      [chao, 640],
    ] as const) {
      const response = await api.report(player, cup.id, {
        session: await api.session(player, gameId, cup.id),
        points,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await awardsOf(cup)).every((award) => award.winnerId === null)).toBe(true);
    await runJobsNow(t.database.db, t.app.jobs, TOURNAMENT_RANKING_JOB);
    expect((await awardsOf(cup)).every((award) => award.winnerId === null)).toBe(true);

    await afterTheEnd(cup);
    await runJobsNow(t.database.db, t.app.jobs, TOURNAMENT_RANKING_JOB);
    const awards = await awardsOf(cup);
    expect(awards.map((award) => [award.award.name, award.subscriptionPackage.name, award.winnerId])).toEqual(
      [
        ['Gold', 'Platinum', amina.uid],
        ['Silver', 'Gold', brian.uid],
        ['Bronze', 'Silver', chao.uid],
      ],
    );
    const rankedAt = Date.now();
    for (const [player, pkg] of [
      [amina, 'Platinum'],
      [brian, 'Gold'],
      [chao, 'Silver'],
    ] as const) {
      const held = await subscriptionsOf(player);
      expect(
        held.map((item) => [item.subscriptionPackage.name, item.expired, Date.parse(item.expiresAt)]),
      ).toEqual([[pkg, false, rankedAt + 24 * 60 * MINUTE]]);
    }
    expect(await subscriptionsOf(dede)).toEqual([]);
    const entries = (await hallOfFame()).filter((entry) => entry.tournamentId === cup.id);
    expect(entries).toEqual([
      {
        id: expect.any(Number),
        title: 'Nairobi Night Cup champions',
        description: `The top three of Nairobi Night Cup on ${gameName}. Prizes: a day of Platinum, Gold and Silver.`,
        members: [amina.uid, brian.uid, chao.uid],
        tournamentId: cup.id,
        createdAt: new Date(rankedAt).toISOString(),
      },
    ]);

    const before = { awards, hall: await hallOfFame(), grants: await grantRows() };
    await runJobsNow(t.database.db, t.app.jobs, TOURNAMENT_RANKING_JOB);
    expect(await tournamentsOf(t).rankTournament(cup.id)).toBe(false);
    expect({ awards: await awardsOf(cup), hall: await hallOfFame(), grants: await grantRows() }).toEqual(
      before,
    );
  });

  it('waits after the end for the late reports of runs played offline, then ranks', async () => {
    const cup = await cupEndingSoon('Late Cup');
    const [uid] = await seatPlayers(t, cup.id, [10]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(cup.ends) + LATE_REPORTS_MS - 1000);
    await tournamentsOf(t).rankEndedTournaments();
    expect((await awardsOf(cup)).map((award) => award.winnerId)).toEqual([null, null, null]);
    await afterTheEnd(cup);
    await tournamentsOf(t).rankEndedTournaments();
    expect((await awardsOf(cup)).map((award) => award.winnerId)).toEqual([uid, null, null]);
  });

  it('ranks once when two instances run the job at the same moment', async () => {
    const cup = await cupEndingSoon();
    await seatPlayers(t, cup.id, [300, 200, 100, 50]);
    await afterTheEnd(cup);
    const [hallBefore, grantsBefore] = [(await hallOfFame()).length, await grantRows()];
    const results = await Promise.all([
      tournamentsOf(t).rankEndedTournaments(),
      tournamentsOf(t).rankEndedTournaments(),
      tournamentsOf(t).rankTournament(cup.id),
    ]);
    expect(results[0] + results[1] + Number(results[2])).toBe(1);
    expect((await hallOfFame()).length).toBe(hallBefore + 1);
    expect(await grantRows()).toBe(grantsBefore + 3);
    expect((await awardsOf(cup)).filter((award) => award.winnerId !== null)).toHaveLength(3);
  });

  it('gives only the places that have a player, and no hall of fame entry to a tournament nobody played', async () => {
    const alone = await cupEndingSoon('Solo Cup');
    const empty = await cupEndingSoon('Empty Cup');
    const [uid] = await seatPlayers(t, alone.id, [42]);
    await afterTheEnd(alone);
    expect(await tournamentsOf(t).rankEndedTournaments()).toBe(2);
    expect((await awardsOf(alone)).map((award) => award.winnerId)).toEqual([uid, null, null]);
    expect((await awardsOf(empty)).map((award) => award.winnerId)).toEqual([null, null, null]);
    const hall = await hallOfFame();
    expect(hall.find((entry) => entry.tournamentId === empty.id)).toBeUndefined();
    expect(hall[0]).toMatchObject({ tournamentId: alone.id, members: [uid], title: 'Solo Cup champions' });
    expect(hall[0]?.description).toBe(`The winner of Solo Cup on ${gameName}. Prizes: a day of Platinum.`);
  });
});
