import { gameMessages } from '@playon/shared/games';
import {
  type HallOfFameEntry,
  type Tournament,
  type TournamentAward,
  tournamentMessages,
  tournamentStatusAt,
} from '@playon/shared/tournaments';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { GameService } from '../games/service.ts';
import type { Notifier } from '../notifications/service.ts';
import type { ProfileService } from '../profile/service.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import { type AwardRow, type AwardsRepo, createAwardsRepo } from './awards-repo.ts';
import { seedDemoContent } from './demo.ts';
import { createLeaderboard } from './leaderboard.ts';
import { createTournamentNotices } from './notices.ts';
import { createRanking } from './ranking.ts';
import { createTournamentRepo, type TournamentRepo, type TournamentRow } from './repo.ts';

export interface TournamentServiceDeps {
  db: Db;
  games: Pick<GameService, 'claimSession' | 'getGame' | 'listGames' | 'playersOfGameSince'>;
  subscriptions: Pick<SubscriptionService, 'activateSubscription' | 'listPackages'>;
  players: Pick<ProfileService, 'playersByUid' | 'logIn' | 'updateField'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Tells players about endings, prizes and starts; without it (some tests) nobody is told. */
  notifications?: Notifier;
  /** The clock of the tournament status rule; tests pass their own. */
  now?: () => Date;
}

export type AwardName = TournamentAward['award']['name'];
export const AWARD_POSITIONS: Record<AwardName, number> = { Gold: 1, Silver: 2, Bronze: 3 };

export interface NewTournamentInput {
  name: string;
  description: string;
  starts: Date;
  ends: Date;
  gameId: number;
  /** The subscription package each podium place wins. */
  prizes: Record<AwardName, number>;
  /** A seeded tournament's stable key: a second seed with it changes nothing. */
  seedKey?: string;
}

export const TOURNAMENT_RANKING_JOB = 'tournaments.rank-ended';
export const TOURNAMENT_RANKING_EVERY_MS = 60_000;
export { TOURNAMENT_START_EVERY_MS, TOURNAMENT_START_JOB } from './notices.ts';

export function toTournament(row: TournamentRow): Tournament {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    starts: row.starts.toISOString(),
    ends: row.ends.toISOString(),
    gameId: row.gameId,
  };
}

/** Tournaments, their leaderboards, the ranking once they end, their awards and the hall of fame. */
export function createTournamentService(deps: TournamentServiceDeps) {
  const { db, now = () => new Date() } = deps;
  const repo = createTournamentRepo(db);
  const awardsRepo = createAwardsRepo(db);

  async function mustFind(id: number, tx: Db = db): Promise<TournamentRow> {
    const row = await repo.byId(id, tx);
    if (!row) throw new AppError('NOT_FOUND', tournamentMessages.notFound);
    return row;
  }

  /** Refuses a play or a score unless the tournament is running at `at` (the shared clock rule). */
  function assertOngoing(row: TournamentRow, at: Date) {
    if (tournamentStatusAt(toTournament(row), at) !== 'ONGOING') {
      throw new AppError('CONFLICT', gameMessages.tournamentNotOngoing);
    }
  }

  /** The games module's check before 'Play now' starts a session for a tournament. */
  async function assertPlayable(tournamentId: number, gameId: number, at: Date) {
    const row = await mustFind(tournamentId);
    assertOngoing(row, at);
    if (row.gameId !== gameId) throw new AppError('CONFLICT', gameMessages.tournamentOtherGame);
  }

  /** A tournament with its three prizes, in one transaction; with a taken seed key, the existing one. */
  async function createTournament(input: NewTournamentInput, tx?: Db): Promise<Tournament> {
    const work = async (t: Db) => {
      const { prizes, seedKey, ...fields } = input;
      const row =
        (await repo.insert({ ...fields, seedKey: seedKey ?? null }, t)) ?? (await existing(seedKey, t));
      await awardsRepo.insertAwards(
        Object.entries(prizes).map(([name, packageId]) => ({
          tournamentId: row.id,
          name: name as AwardName,
          position: AWARD_POSITIONS[name as AwardName],
          subscriptionPackageId: packageId,
        })),
        t,
      );
      return toTournament(row);
    };
    return tx ? work(tx) : db.transaction(work);
  }

  async function existing(seedKey: string | undefined, tx: Db) {
    const row = seedKey ? await repo.bySeedKey(seedKey, tx) : undefined;
    if (!row) throw new Error(`tournament insert returned nothing (seed key ${seedKey})`);
    return row;
  }

  async function awardsOf(tournamentId: number): Promise<TournamentAward[]> {
    await mustFind(tournamentId);
    const packages = new Map((await deps.subscriptions.listPackages()).map((pkg) => [pkg.id, pkg.name]));
    return (await awardsRepo.ofTournament(tournamentId)).map((award: AwardRow) => ({
      id: award.id,
      position: award.position,
      award: { name: award.name },
      subscriptionPackage: {
        id: award.subscriptionPackageId,
        name: packages.get(award.subscriptionPackageId) ?? '',
      },
      winnerId: award.winnerUid,
    }));
  }

  async function hallOfFame(): Promise<HallOfFameEntry[]> {
    return (await awardsRepo.hallOfFame()).map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      members: row.members,
      tournamentId: row.tournamentId,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  const context: TournamentContext = { ...deps, now, repo, awardsRepo, mustFind, assertOngoing };
  return {
    listTournaments: async () => (await repo.list()).map(toTournament),
    getTournament: async (id: number) => toTournament(await mustFind(id)),
    assertPlayable,
    createTournament,
    ...createLeaderboard(context),
    awardsOf,
    hallOfFame,
    ...createRanking(context),
    announceStartedTournaments: createTournamentNotices(context).announceStartedTournaments,
    /** Demo players and one tournament in each state, relative to the first boot's clock. */
    seedDemo: () => seedDemoContent({ ...deps, now, createTournament, repo }),
  };
}

export type TournamentService = ReturnType<typeof createTournamentService>;
export type TournamentContext = TournamentServiceDeps & {
  now: () => Date;
  repo: TournamentRepo;
  awardsRepo: AwardsRepo;
  mustFind: (id: number, tx?: Db) => Promise<TournamentRow>;
  assertOngoing: (row: TournamentRow, at: Date) => void;
};
