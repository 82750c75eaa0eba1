import type { Language } from '@playon/shared/i18n/language';
import { recordText } from '@playon/shared/i18n/records-sw';
import type { HallOfFameEntry, Tournament, TournamentAward } from '@playon/shared/tournaments';
import type { Db } from '../../platform/db.ts';
import { type AwardRow, createAwardsRepo } from './awards-repo.ts';
import { seedDemoContent } from './demo.ts';
import { seededDemoPlayers } from './demo-repo.ts';
import type { TournamentServiceDeps } from './deps.ts';
import { createLeaderboard } from './leaderboard.ts';
import { createLeaderboardLive } from './live.ts';
import { createTournamentNotices } from './notices.ts';
import { createTournamentConsole } from './ops/actions.ts';
import { createTournamentPlayRule } from './play-rule.ts';
import { createRanking } from './ranking.ts';
import { createMemoryRankStore } from './ranks/memory-store.ts';
import { createRanks } from './ranks/ranks.ts';
import { createTournamentRepo } from './repo.ts';
import { createScoreReports } from './reports.ts';
import { AWARD_POSITIONS, type AwardName, type NewTournamentInput, toTournament } from './tournament.ts';

export const TOURNAMENT_RANKING_JOB = 'tournaments.rank-ended';
export const TOURNAMENT_RANKING_EVERY_MS = 60_000;
export { TOURNAMENT_START_EVERY_MS, TOURNAMENT_START_JOB } from './notices.ts';
export { createTournamentPlayRule, type TournamentPlayRule } from './play-rule.ts';

/** Tournaments, their leaderboards, the ranking once they end, their awards and the hall of fame. */
export function createTournamentService(deps: TournamentServiceDeps) {
  const { db, now = () => new Date() } = deps;
  const repo = createTournamentRepo(db);
  const awardsRepo = createAwardsRepo(db);
  const rule = createTournamentPlayRule(db);
  const notices = createTournamentNotices({ ...deps, now, repo });
  const ranking = createRanking({ ...deps, now, repo, awardsRepo, notices });
  const ranks = createRanks({ db, store: deps.ranks ?? createMemoryRankStore(), log: deps.log });
  const leaderboard = createLeaderboard({ ...deps, repo, rule, ranks });
  const live = createLeaderboardLive({ realtime: deps.realtime, log: deps.log });
  const reports = createScoreReports({ ...deps, now, repo, rule, ranks, live });

  /** A tournament with its three prizes, in one transaction; with a taken seed key, the existing one. */
  async function createTournament(input: NewTournamentInput, tx?: Db): Promise<Tournament> {
    const work = async (t: Db) => {
      const { prizes, seedKey, ...fields } = input;
      const row =
        (await repo.insert({ ...fields, seedKey: seedKey ?? null }, t)) ?? (await existing(seedKey, t));
      await awardsRepo.insertAwards(awardRows(row.id, prizes), t);
      return toTournament(row);
    };
    return tx ? work(tx) : db.transaction(work);
  }

  function awardRows(tournamentId: number, prizes: NewTournamentInput['prizes']) {
    return Object.entries(prizes).map(([name, packageId]) => ({
      tournamentId,
      name: name as AwardName,
      position: AWARD_POSITIONS[name as AwardName],
      subscriptionPackageId: packageId as number,
    }));
  }

  async function existing(seedKey: string | undefined, tx: Db) {
    const row = seedKey ? await repo.bySeedKey(seedKey, tx) : undefined;
    if (!row) throw new Error(`tournament insert returned nothing (seed key ${seedKey})`);
    return row;
  }

  async function awardsOf(tournamentId: number): Promise<TournamentAward[]> {
    await rule.mustFind(tournamentId);
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

  /**
   * The champions, their title and description said in `language` when read (they are kept as the
   * ranking wrote them, in English); in Kiswahili a tournament's name is the one its operator gave.
   */
  async function hallOfFame(language: Language = 'en'): Promise<HallOfFameEntry[]> {
    const rows = await awardsRepo.hallOfFame();
    const ids = rows.flatMap((row) => (row.tournamentId === null ? [] : [row.tournamentId]));
    const names = language === 'en' ? new Map() : await kiswahiliNames(ids);
    const say = (text: string, tournamentId: number | null) => {
      const said = recordText(text, language);
      const name = tournamentId === null ? undefined : names.get(tournamentId);
      return name ? said.replaceAll(name.name, name.nameSw) : said;
    };
    return rows.map((row) => ({
      id: row.id,
      title: say(row.title, row.tournamentId),
      description: say(row.description, row.tournamentId),
      members: row.members,
      tournamentId: row.tournamentId,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async function kiswahiliNames(ids: number[]) {
    const names = new Map<number, { name: string; nameSw: string }>();
    for (const row of await repo.byIds([...new Set(ids)])) {
      if (row.nameSw) names.set(row.id, { name: row.name, nameSw: row.nameSw });
    }
    return names;
  }

  return {
    listTournaments: async (language: Language = 'en') =>
      (await repo.list()).map((row) => toTournament(row, language)),
    getTournament: async (id: number, language: Language = 'en') =>
      toTournament(await rule.mustFind(id), language),
    createTournament,
    ...leaderboard,
    reportScore: reports.reportScore,
    /** Stops the coalescing timers of live leaderboard changes (the app is closing). */
    closeLive: live.close,
    awardsOf,
    hallOfFame,
    ...ranking,
    console: createTournamentConsole({
      ...deps,
      now,
      repo,
      awardsRepo,
      rankTournament: ranking.rankTournament,
      createTournament,
    }),
    announceStartedTournaments: notices.announceStartedTournaments,
    /** Demo players and one tournament in each state, relative to the first boot's clock. */
    seedDemo: () => seedDemoContent({ ...deps, now, createTournament, repo }),
    /** The demo players there are (uid and username), for the other modules' demo content. */
    demoPlayers: () => seededDemoPlayers(deps.db),
  };
}

export type TournamentService = ReturnType<typeof createTournamentService>;
/** What the console reads of tournaments: running now, a tournament's players. */
export { createTournamentReads, type TournamentReads } from './ops/reads.ts';
/** The console's view of one player's tournaments, on the database alone. */
export { createTournamentEntriesOf } from './player-entries.ts';
export { tournaments } from './schema.ts';
