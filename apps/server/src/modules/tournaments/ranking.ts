import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db.ts';
import type { AwardsRepo } from './awards-repo.ts';
import type { TournamentServiceDeps } from './deps.ts';
import type { TournamentNotices } from './notices.ts';
import { LATE_REPORTS_MS } from './play-rule.ts';
import type { TournamentRepo } from './repo.ts';

const PODIUM = 3;

export interface RankingDeps extends Pick<TournamentServiceDeps, 'db' | 'games' | 'subscriptions' | 'log'> {
  repo: TournamentRepo;
  awardsRepo: AwardsRepo;
  notices: Pick<TournamentNotices, 'awardWon' | 'ended'>;
  now: () => Date;
}

/**
 * Ranks each ended tournament once: its podium gets the awards, whose packages become active
 * subscriptions (keyed by the award's grant id, so a replay activates nothing more), the hall of
 * fame gets an entry, and every player with a score is told their place (notices.ts). Safe to run
 * twice or on several instances at once: the tournament's row lock and its ranked_at decide who ranks it.
 */
export function createRanking(deps: RankingDeps) {
  const { db, repo, awardsRepo, games, subscriptions, notices, log, now } = deps;

  /**
   * Resolves to true when this call ranked it; false when it was ranked already or has not ended.
   * `onRanked` runs in the ranking's transaction (the console's audit entry commits with it).
   */
  async function rankTournament(
    tournamentId: number,
    at: Date = now(),
    onRanked?: (tx: Db, ranked: { winners: string[]; prizes: string[] }) => Promise<void>,
  ): Promise<boolean> {
    // Read before the transaction: these services query outside it, and PGlite has one connection.
    const unlocked = await repo.byId(tournamentId);
    if (!unlocked) return false;
    const game = await games.getGame(unlocked.gameId);
    const packages = new Map((await subscriptions.listPackages()).map((pkg) => [pkg.id, pkg.name]));
    return db.transaction(async (tx) => {
      const tournament = await repo.forUpdate(tournamentId, tx);
      if (!tournament || tournament.rankedAt || tournament.cancelledAt) return false;
      if (tournament.ends.getTime() >= at.getTime()) return false;
      const podium = (await repo.podium(tournamentId, PODIUM, tx)).map((entry) => entry.uid);
      const prizes: string[] = [];
      for (const award of await awardsRepo.ofTournament(tournamentId, tx)) {
        const winner = podium[award.position - 1];
        if (!winner) continue;
        const granted = await awardsRepo.grant(award.id, winner, randomUUID(), at, tx);
        if (!granted?.grantId) continue;
        await subscriptions.activateSubscription(
          { uid: winner, packageId: award.subscriptionPackageId, intentId: granted.grantId, paidAt: at },
          tx,
        );
        const prize = packages.get(award.subscriptionPackageId) ?? award.name;
        prizes.push(prize);
        await notices.awardWon(tx, award, winner, prize);
      }
      if (podium.length > 0) {
        await awardsRepo.insertHallOfFame(
          {
            tournamentId,
            title: `${tournament.name} champions`,
            description: podiumDescription(tournament.name, game.name, podium.length, prizes),
            members: podium,
            createdAt: at,
          },
          tx,
        );
      }
      await repo.markRanked(tournamentId, at, tx);
      await notices.ended(tx, tournament);
      await onRanked?.(tx, { winners: podium, prizes });
      log.info({ tournamentId, winners: podium }, 'tournament ranked');
      return true;
    });
  }

  /**
   * The recurring job's work: every tournament not ranked yet that ended LATE_REPORTS_MS ago, so runs
   * played offline before its end and reported since still count (ADR 0065).
   */
  async function rankEndedTournaments(): Promise<number> {
    const at = now();
    let ranked = 0;
    for (const { id } of await repo.endedUnranked(new Date(at.getTime() - LATE_REPORTS_MS))) {
      try {
        if (await rankTournament(id, at)) ranked++;
      } catch (err) {
        // The others still get ranked; this one is tried again on the next run.
        log.error({ err, tournamentId: id }, 'ranking a tournament failed');
      }
    }
    return ranked;
  }

  return { rankTournament, rankEndedTournaments };
}

const COUNT_WORDS = ['', 'winner', 'top two', 'top three'];

function podiumDescription(name: string, game: string, places: number, prizes: string[]) {
  const who = places === 1 ? 'The winner' : `The ${COUNT_WORDS[places]}`;
  const won = prizes.length === 0 ? '' : ` Prizes: a day of ${listOf(prizes)}.`;
  return `${who} of ${name} on ${game}.${won}`;
}

function listOf(items: string[]) {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export type Ranking = ReturnType<typeof createRanking>;
