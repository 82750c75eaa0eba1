import { randomUUID } from 'node:crypto';
import type { PlaySession } from '@playon/shared/games';
import type { LeaderboardPage, OwnRank, Tournament } from '@playon/shared/tournaments';
import { expect } from 'vitest';
import { findUser } from '../../src/modules/auth/repo.ts';
import { authUser } from '../../src/modules/auth/service.ts';
import { createGameService, games } from '../../src/modules/games/service.ts';
import { createProfileService } from '../../src/modules/profile/service.ts';
import { createReferenceService } from '../../src/modules/reference/service.ts';
import { createSubscriptionService } from '../../src/modules/subscriptions/service.ts';
import { tournamentScores } from '../../src/modules/tournaments/schema.ts';
import {
  createTournamentPlayRule,
  createTournamentService,
  type TournamentService,
} from '../../src/modules/tournaments/service.ts';
import type { Db } from '../../src/platform/db.ts';
import type { TestApp } from './app.ts';
import { bearer, type TestPlayer } from './players.ts';

const quiet = { info() {}, warn() {}, error() {} };

/**
 * A game of the test's own, so tournament tests do not depend on the demo games' manifests. With
 * the default limits a score of at most 1,000 is possible in the first second of a play.
 */
export async function insertTestGame(t: TestApp, limits = { maxPoints: 50_000, maxPointsPerSecond: 1_000 }) {
  const slug = `test-${randomUUID().slice(0, 8)}`;
  const [row] = await t.database.db
    .insert(games)
    .values({
      slug,
      name: `Test game ${slug}`,
      packageId: `com.playon.${slug}`,
      description: 'A game the tests arrange.',
      gameUrl: `/play/${slug}/`,
      gameIcon: `/play/${slug}/icon.svg`,
      ...limits,
    })
    .returning();
  if (!row) throw new Error('test game insert returned nothing');
  return row;
}

/** The tournaments service over the app's database (or another handle on it), with the clock the test gives. */
export function tournamentsOf(
  t: TestApp,
  now: () => Date = () => new Date(),
  db: Db = t.database.db,
): TournamentService {
  const subscriptions = createSubscriptionService({ db, now });
  const players = createProfileService({
    db,
    auth: { findUser: (uid) => findUser(db, uid) },
    reference: createReferenceService(db),
  });
  const gameService = createGameService({
    db,
    secret: t.config.authSecret,
    gamesDir: t.config.gamesDir,
    log: quiet,
    hasActiveSubscription: (uid, at) => subscriptions.hasActiveSubscription(uid, at),
    assertTournamentPlayable: createTournamentPlayRule(db).assertPlayable,
    now,
  });
  return createTournamentService({ db, games: gameService, subscriptions, players, log: quiet, now });
}

/** A tournament on `gameId` whose Gold, Silver and Bronze win the Platinum, Gold and Silver packages. */
export async function arrangeTournament(
  t: TestApp,
  input: { gameId: number; starts: Date; ends: Date; name?: string },
): Promise<Tournament> {
  const service = tournamentsOf(t);
  const packages = new Map(
    (await createSubscriptionService({ db: t.database.db }).listPackages()).map((p) => [p.name, p.id]),
  );
  const packageId = (name: string) => packages.get(name as never) as number;
  return service.createTournament({
    name: input.name ?? `Cup ${randomUUID().slice(0, 6)}`,
    description: 'A tournament the test arranged.',
    starts: input.starts,
    ends: input.ends,
    gameId: input.gameId,
    prizes: { Gold: packageId('Platinum'), Silver: packageId('Gold'), Bronze: packageId('Silver') },
  });
}

/**
 * Players who reached these points (in this order, a second apart) without signing in through the
 * API: for leaderboards longer than a test wants to play. They have no profile.
 */
export async function seatPlayers(t: TestApp, tournamentId: number, points: number[], from = new Date()) {
  const uids = points.map(() => `seated-${randomUUID()}`);
  await t.database.db
    .insert(authUser)
    .values(uids.map((id) => ({ id, name: '', email: `${id}@example.com` })));
  await t.database.db.insert(tournamentScores).values(
    uids.map((uid, index) => ({
      tournamentId,
      uid,
      pointsHundredths: Math.round((points[index] as number) * 100),
      achievedAt: new Date(from.getTime() + index * 1000),
    })),
  );
  return uids;
}

/** A fresh address per request, so the score limit counted in a shared Redis never interferes. */
const someAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** What the web app and a game's SDK call, as one player. */
export function tournamentApi(t: TestApp) {
  return {
    async play(player: TestPlayer, gameId: number, tournamentId?: number) {
      return t.app.inject({
        method: 'POST',
        url: `/api/games/${gameId}/play`,
        headers: bearer(player.token),
        payload: tournamentId === undefined ? {} : { tournamentId },
      });
    },
    async session(player: TestPlayer, gameId: number, tournamentId?: number): Promise<string> {
      const response = await this.play(player, gameId, tournamentId);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().payload as PlaySession).session;
    },
    report(player: TestPlayer, tournamentId: number, body: Record<string, unknown>) {
      return t.app.inject({
        method: 'POST',
        url: `/api/tournament-leaderboards/${tournamentId}`,
        headers: bearer(player.token),
        remoteAddress: someAddress(),
        payload: body,
      });
    },
    async leaderboard(player: TestPlayer, tournamentId: number, query = ''): Promise<LeaderboardPage> {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/tournament-leaderboards/${tournamentId}${query}`,
        headers: bearer(player.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().payload;
    },
    async me(player: TestPlayer, tournamentId: number): Promise<OwnRank | null> {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/tournament-leaderboards/${tournamentId}/me`,
        headers: bearer(player.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().payload;
    },
    async get<T>(player: TestPlayer, url: string): Promise<T> {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(player.token) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().payload;
    },
  };
}
