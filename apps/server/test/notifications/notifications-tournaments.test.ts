import type { PlayerNotification } from '@playon/shared/notifications';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playSessions } from '../../src/modules/games/service.ts';
import { notifications } from '../../src/modules/notifications/service.ts';
import { LATE_REPORTS_MS } from '../../src/modules/tournaments/play-rule.ts';
import { tournamentScores, tournaments } from '../../src/modules/tournaments/schema.ts';
import { TOURNAMENT_RANKING_JOB, TOURNAMENT_START_JOB } from '../../src/modules/tournaments/service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runJobsNow } from '../support/jobs.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { arrangeTournament, insertTestGame, seatPlayers, tournamentApi } from '../support/tournaments.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notificationsOf = async (player: TestPlayer) =>
  (
    (
      await t.app.inject({ method: 'GET', url: '/api/profile/notifications', headers: bearer(player.token) })
    ).json().payload as PlayerNotification[]
  )
    .map(({ title, body, url }) => ({ title, body, url }))
    .sort((a, b) => a.title.localeCompare(b.title));

describe('when a tournament ends', () => {
  it('tells everyone who scored their place, and the podium its prize, once however often it is ranked', async () => {
    const game = await insertTestGame(t);
    const cup = await arrangeTournament(t, {
      gameId: game.id,
      starts: new Date(Date.now() - 2 * HOUR),
      // Past the late reports' window too (runs played offline), so the ranking job takes it.
      ends: new Date(Date.now() - LATE_REPORTS_MS - 60_000),
      name: 'Matatu Rush Weekly',
    });
    const [amina, brian, chebet] = [
      await signUpPlayer(t.app),
      await signUpPlayer(t.app),
      await signUpPlayer(t.app),
    ];
    const at = new Date(Date.now() - HOUR);
    await t.database.db.insert(tournamentScores).values([
      { tournamentId: cup.id, uid: amina.uid, pointsHundredths: 90_000, achievedAt: at },
      { tournamentId: cup.id, uid: brian.uid, pointsHundredths: 10_000, achievedAt: at },
    ]);
    await seatPlayers(t, cup.id, [500, 400, 300], at);
    const ended = { title: 'Matatu Rush Weekly has ended', url: `/tournaments/leaderboard/${cup.id}` };

    for (let run = 0; run < 2; run++) await runJobsNow(t.database.db, t.app.jobs, TOURNAMENT_RANKING_JOB);

    expect(await notificationsOf(amina)).toEqual([
      { ...ended, body: 'You finished #1 of 5.' },
      {
        title: 'You won Gold!',
        body: 'Your prize: a day of Platinum, active now.',
        url: '/account/subscription',
      },
    ]);
    expect(await notificationsOf(brian)).toEqual([{ ...ended, body: 'You finished #5 of 5.' }]);
    // Played nothing in it: told nothing.
    expect(await notificationsOf(chebet)).toEqual([]);
  });
});

describe('when a tournament with thousands of players ends', () => {
  it('tells each their own place in the leaderboard order, ties included', async () => {
    const game = await insertTestGame(t);
    const cup = await arrangeTournament(t, {
      gameId: game.id,
      starts: new Date(Date.now() - 2 * HOUR),
      // Past the late reports' window too (runs played offline), so the ranking job takes it.
      ends: new Date(Date.now() - LATE_REPORTS_MS - 60_000),
      name: 'Savanna Snake Marathon',
    });
    const players = 2_345;
    const prefix = `marathon-${cup.id}-`;
    const { db } = t.database;
    await db.execute(sql`
      insert into auth_user (id, name, email)
      select ${prefix} || g, '', ${prefix} || g || '@example.com' from generate_series(1, ${players}) g`);
    // Seven scores shared out, reached at moments a microsecond apart and some at the same one:
    // long runs of equal points, broken by time and then by uid, cross every thousand places.
    await db.execute(sql`
      insert into tournament_scores (tournament_id, uid, points_hundredths, achieved_at)
      select ${cup.id}, ${prefix} || g, (g % 7) * 100,
        timestamptz '2026-01-01 10:00' + (g * 37 % 1000) * interval '1 microsecond'
      from generate_series(1, ${players}) g`);

    await runJobsNow(db, t.app.jobs, TOURNAMENT_RANKING_JOB);

    const leaderboard = await db
      .select({ uid: tournamentScores.uid })
      .from(tournamentScores)
      .where(eq(tournamentScores.tournamentId, cup.id))
      .orderBy(
        desc(tournamentScores.pointsHundredths),
        asc(tournamentScores.achievedAt),
        asc(tournamentScores.uid),
      );
    const told = await db
      .select({ uid: notifications.uid, body: notifications.body })
      .from(notifications)
      .where(sql`starts_with(${notifications.dedupeKey}, ${`tournament:${cup.id}:ended:`})`);
    expect(told).toHaveLength(players);
    expect(new Map(told.map(({ uid, body }) => [uid, body]))).toEqual(
      new Map(
        leaderboard.map(({ uid }, index) => [
          uid,
          `You finished #${(index + 1).toLocaleString('en-GB')} of 2,345.`,
        ]),
      ),
    );
  });
});

describe('when a tournament starts', () => {
  it("tells the game's players of the last 30 days, once; not older players, nor other games'", async () => {
    const game = await insertTestGame(t);
    const other = await insertTestGame(t);
    const [recent, longAgo, elsewhere, never] = [
      await signUpPlayer(t.app),
      await signUpPlayer(t.app),
      await signUpPlayer(t.app),
      await signUpPlayer(t.app),
    ];
    const api = tournamentApi(t);
    expect((await api.play(recent, game.id)).statusCode).toBe(200);
    expect((await api.play(elsewhere, other.id)).statusCode).toBe(200);
    const old = new Date(Date.now() - 31 * DAY);
    await t.database.db.insert(playSessions).values({
      uid: longAgo.uid,
      gameId: game.id,
      startedAt: old,
      expiresAt: new Date(old.getTime() + HOUR),
    });
    const running = await arrangeTournament(t, {
      gameId: game.id,
      starts: new Date(Date.now() - 60_000),
      ends: new Date(Date.now() + DAY),
      name: 'Savanna Snake Sprint',
    });
    const upcoming = await arrangeTournament(t, {
      gameId: game.id,
      starts: new Date(Date.now() + HOUR),
      ends: new Date(Date.now() + DAY),
    });

    for (let run = 0; run < 2; run++) await runJobsNow(t.database.db, t.app.jobs, TOURNAMENT_START_JOB);

    expect(await notificationsOf(recent)).toEqual([
      {
        title: 'Savanna Snake Sprint has started',
        body: `Play ${game.name} now and climb the leaderboard.`,
        url: `/tournaments/leaderboard/${running.id}`,
      },
    ]);
    for (const player of [longAgo, elsewhere, never]) expect(await notificationsOf(player)).toEqual([]);
    const announced = async (id: number) =>
      (await t.database.db.select().from(tournaments).where(eq(tournaments.id, id)))[0]?.startAnnouncedAt;
    expect(await announced(running.id)).toBeInstanceOf(Date);
    expect(await announced(upcoming.id)).toBeNull();
  });
});
