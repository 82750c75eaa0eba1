import type { Game, PlaySession } from '@playon/shared/games';
import {
  type HallOfFameEntry,
  type Tournament,
  type TournamentAward,
  tournamentStatusAt,
} from '@playon/shared/tournaments';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser } from '../../src/modules/auth/service.ts';
import { demoPlayers, demoTournaments, weeklyCrowd } from '../../src/modules/tournaments/demo-content.ts';
import { TOURNAMENT_RANKING_JOB } from '../../src/modules/tournaments/service.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runJobsNow } from '../support/jobs.ts';
import { playedFor, recordMatatuRun, seedOf } from '../support/matatu-runs.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { tournamentApi, tournamentsOf } from '../support/tournaments.ts';

let t: TestApp;
let api: ReturnType<typeof tournamentApi>;
let amina: TestPlayer;
let tournaments: Tournament[];
beforeAll(async () => {
  t = await createTestApp({ DEMO_CONTENT: 'true' });
  api = tournamentApi(t);
  amina = await signUpPlayer(t.app);
  tournaments = await api.get<Tournament[]>(amina, '/api/tournaments');
});
afterAll(() => t.close());

const named = (name: string) => tournaments.find((item) => item.name === name) as Tournament;
const demoPlayerCount = async () =>
  (await t.database.db.select().from(authUser).where(like(authUser.email, 'demo+%@players.playon.example')))
    .length;

describe('the demo content (DEMO_CONTENT=true)', () => {
  it('seeds one tournament in each state, on the demo games', async () => {
    const games = await api.get<Game[]>(amina, '/api/games/list');
    const gameOf = (slug: string) => games.find((game) => game.gameUrl === `/play/${slug}/`)?.id;
    expect(tournaments.map((item) => [item.name, tournamentStatusAt(item, new Date()), item.gameId])).toEqual(
      [
        ['Matatu Rush Launch Cup', 'EXPIRED', gameOf('matatu-rush')],
        ['Matatu Rush Weekly', 'ONGOING', gameOf('matatu-rush')],
        ['Savanna Snake Sprint', 'UPCOMING', gameOf('savanna-snake')],
      ],
    );
    for (const item of tournaments) {
      const awards = await api.get<TournamentAward[]>(amina, `/api/tournament-awards/tournament/${item.id}`);
      expect(awards.map((award) => [award.award.name, award.subscriptionPackage.name])).toEqual([
        ['Gold', 'Platinum'],
        ['Silver', 'Gold'],
        ['Bronze', 'Silver'],
      ]);
    }
  });

  it('fills the running tournament with named demo players, and a player can join them', async () => {
    const weekly = named('Matatu Rush Weekly');
    const board = await api.leaderboard(amina, weekly.id, '?pageSize=100');
    expect(board.totalElements).toBe(10 + weeklyCrowd.length);
    expect(board.content[0]).toMatchObject({ rank: 1, username: 'wanjiku_k', points: 1480 });
    expect(board.content.every((entry) => entry.username !== null)).toBe(true);
    // Matatu Rush is replayed (ADR 0015): the report carries a real play from the launch's seed.
    const launch = await api.play(amina, weekly.gameId, weekly.id);
    const { session, launchUrl } = launch.json().payload as PlaySession;
    await playedFor(t, session, 20);
    const run = recordMatatuRun(seedOf(launchUrl), 10);
    const report = await api.report(amina, weekly.id, { session, ...run });
    // A tie goes to whoever reached the score first: the demo players.
    const ahead = board.content.filter((entry) => entry.points >= run.points).length;
    expect(report.json().payload).toEqual({ points: run.points, best: run.points, rank: ahead + 1 });
  });

  it('gives the running tournament several pages of players with distinct names', async () => {
    const weekly = named('Matatu Rush Weekly');
    const pages = [0, 1, 2, 3].map((page) => api.leaderboard(amina, weekly.id, `?page=${page}&pageSize=15`));
    const entries = (await Promise.all(pages)).flatMap((page) => page.content);
    expect(entries.length).toBeGreaterThanOrEqual(4 * 15 - 1);
    expect(new Set(entries.map((entry) => entry.username)).size).toBe(entries.length);
    expect(new Set(demoPlayers.map((player) => player.username)).size).toBe(demoPlayers.length);
  });

  it('leaves the ended one to the ranking job, which gives its prizes and a hall of fame entry', async () => {
    const cup = named('Matatu Rush Launch Cup');
    const awardsUrl = `/api/tournament-awards/tournament/${cup.id}`;
    expect((await api.get<TournamentAward[]>(amina, awardsUrl)).map((award) => award.winnerId)).toEqual([
      null,
      null,
      null,
    ]);
    expect(await api.get<HallOfFameEntry[]>(amina, '/api/hall-of-fame')).toEqual([]);
    await runJobsNow(t.database.db, t.app.jobs, TOURNAMENT_RANKING_JOB);
    const podium = (await api.leaderboard(amina, cup.id, '?pageSize=3')).content;
    expect(podium.map((entry) => entry.username)).toEqual(['kamau_g', 'nafula', 'chebet']);
    const awards = await api.get<TournamentAward[]>(amina, awardsUrl);
    expect(awards.map((award) => award.winnerId)).toEqual(podium.map((entry) => entry.userId));
    const hall = await api.get<HallOfFameEntry[]>(amina, '/api/hall-of-fame');
    expect(hall).toMatchObject([
      {
        title: 'Matatu Rush Launch Cup champions',
        description:
          'The top three of Matatu Rush Launch Cup on Matatu Rush. Prizes: a day of Platinum, Gold and Silver.',
        members: podium.map((entry) => entry.userId),
        tournamentId: cup.id,
      },
    ]);
  });

  it('says the tournaments and the hall of fame in Kiswahili to a player who reads it', async () => {
    const inKiswahili = async <T>(url: string): Promise<T> => {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(amina.token), 'accept-language': 'sw' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().payload;
    };
    const listed = await inKiswahili<Tournament[]>('/api/tournaments');
    expect(listed.map((item) => [item.id, item.name, item.description])).toEqual(
      tournaments.map((item) => {
        const demo = demoTournaments.find((one) => one.name === item.name);
        return [item.id, demo?.nameSw, demo?.descriptionSw];
      }),
    );
    const cup = named('Matatu Rush Launch Cup');
    expect((await inKiswahili<Tournament>(`/api/tournaments/${cup.id}`)).name).toBe(
      'Kombe la Uzinduzi la Matatu Rush',
    );
    expect(await inKiswahili<HallOfFameEntry[]>('/api/hall-of-fame')).toMatchObject([
      {
        title: 'Mabingwa wa Kombe la Uzinduzi la Matatu Rush',
        description:
          'Washindi watatu wa kwanza wa Kombe la Uzinduzi la Matatu Rush kwenye Matatu Rush. Zawadi: siku moja ya Platinum, Gold na Silver.',
      },
    ]);
    // The record stays as the ranking wrote it.
    expect((await api.get<HallOfFameEntry[]>(amina, '/api/hall-of-fame'))[0]?.title).toBe(
      'Matatu Rush Launch Cup champions',
    );
  });

  it('seeds once: another boot adds no player, tournament or score', async () => {
    const players = await demoPlayerCount();
    expect(players).toBe(12 + weeklyCrowd.length);
    await tournamentsOf(t).seedDemo();
    await tournamentsOf(t).seedDemo();
    expect(await demoPlayerCount()).toBe(players);
    expect(await api.get<Tournament[]>(amina, '/api/tournaments')).toEqual(tournaments);
    expect((await api.leaderboard(amina, named('Matatu Rush Weekly').id)).totalElements).toBe(
      11 + weeklyCrowd.length,
    );
  });

  it('gives demo players no way to sign in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'demo+wanjiku_k@players.playon.example', password: 'secret-123' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('is configured with DEMO_CONTENT true or false only', () => {
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).demoContent).toBe(true);
    expect(loadConfig({ DATA_DIR: t.config.dataDir, DEMO_CONTENT: 'false' }).demoContent).toBe(false);
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, DEMO_CONTENT: 'yes' })).toThrow(/DEMO_CONTENT/);
  });
});
