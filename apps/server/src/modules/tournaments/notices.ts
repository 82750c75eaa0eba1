import type { Db } from '../../platform/db.ts';
import type { AwardRow } from './awards-repo.ts';
import type { TournamentServiceDeps } from './deps.ts';
import type { TournamentRepo, TournamentRow } from './repo.ts';

export const TOURNAMENT_START_JOB = 'tournaments.announce-started';
export const TOURNAMENT_START_EVERY_MS = 60_000;
/** Who hears that a tournament started: the players of its game in this window. */
const RECENT_PLAYERS_MS = 30 * 24 * 3_600_000;

export interface NoticesDeps extends Pick<TournamentServiceDeps, 'db' | 'games' | 'notifications' | 'log'> {
  repo: TournamentRepo;
  now: () => Date;
}

const leaderboardUrl = (id: number) => `/tournaments/leaderboard/${id}`;
/** Places and player counts as players read them: 1,250. */
const withCommas = new Intl.NumberFormat('en-GB');

/**
 * What players read about tournaments, each written in the transaction of its cause: the
 * ranking tells every player with a score their place and each podium player their prize; the start
 * job tells the recent players of the game. Dedupe keys make a second run write nothing more.
 */
export function createTournamentNotices(deps: NoticesDeps) {
  const { db, repo, games, notifications, log, now } = deps;

  async function awardWon(tx: Db, award: AwardRow, winnerUid: string, prize: string) {
    await notifications?.record(tx, {
      uid: winnerUid,
      kind: 'award',
      title: `You won ${award.name}!`,
      body: `Your prize: a day of ${prize}, active now.`,
      url: '/account/subscription',
      dedupeKey: `award:${award.id}`,
    });
  }

  /** Every player with a score hears their place; read page by page, however many players there are. */
  async function ended(tx: Db, tournament: TournamentRow) {
    if (!notifications) return;
    const total = await repo.count(tournament.id, tx);
    if (total === 0) return;
    await notifications.recordGroup(tx, {
      kind: 'tournament-ended',
      group: `tournament:${tournament.id}:ended:`,
      recipients: finisherNotices(tx, tournament, total),
    });
  }

  async function* finisherNotices(tx: Db, tournament: TournamentRow, total: number) {
    const endedTitle = `${tournament.name} has ended`;
    const url = leaderboardUrl(tournament.id);
    const finishers = withCommas.format(total);
    let place = 0;
    for await (const uid of repo.finishers(tournament.id, tx)) {
      place++;
      // Written whole, as the Kiswahili catalogue reads it (i18n-coverage test).
      yield {
        uid,
        title: endedTitle,
        body: `You finished #${withCommas.format(place)} of ${finishers}.`,
        url,
      };
    }
  }

  async function announce(tournament: TournamentRow, at: Date): Promise<boolean> {
    // Read before the transaction: the games service queries outside it, and PGlite has one connection.
    const game = await games.getGame(tournament.gameId);
    const players = await games.playersOfGameSince(
      tournament.gameId,
      new Date(at.getTime() - RECENT_PLAYERS_MS),
    );
    return db.transaction(async (tx) => {
      if (!(await repo.markStartAnnounced(tournament.id, at, tx))) return false;
      await notifications?.recordGroup(tx, {
        kind: 'tournament-started',
        group: `tournament:${tournament.id}:started:`,
        recipients: players.map((uid) => ({
          uid,
          title: `${tournament.name} has started`,
          body: `Play ${game.name} now and climb the leaderboard.`,
          url: leaderboardUrl(tournament.id),
        })),
      });
      log.info({ tournamentId: tournament.id, players: players.length }, 'tournament start announced');
      return true;
    });
  }

  /** The recurring job's work: each running tournament not announced yet, once. */
  async function announceStartedTournaments(): Promise<number> {
    const at = now();
    let announced = 0;
    for (const tournament of await repo.startedUnannounced(at)) {
      try {
        if (await announce(tournament, at)) announced++;
      } catch (err) {
        // The others are still announced; this one is tried again on the next run.
        log.error({ err, tournamentId: tournament.id }, 'announcing a tournament failed');
      }
    }
    return announced;
  }

  return { awardWon, ended, announceStartedTournaments };
}

export type TournamentNotices = ReturnType<typeof createTournamentNotices>;
