import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { escapeLike } from '../operator/service.ts';
import { tournamentAwards, tournamentScores, tournaments } from './schema.ts';

/**
 * The tournaments one player scored in, as operators read them: their best, their place
 * by the leaderboard's order (points, then who reached them first, then uid) and the prize they won.
 * Latest start first; `q` matches the tournament's name; without `pageSize`, all (a data export).
 */
export function createTournamentEntriesOf(db: Db) {
  return async function tournamentEntriesOf(
    uid: string,
    query: { q?: string | undefined; page: number; pageSize?: number | undefined },
  ) {
    const filters: SQL[] = [eq(tournamentScores.uid, uid)];
    if (query.q) filters.push(ilike(tournaments.name, `%${escapeLike(query.q)}%`));
    const where = and(...filters);
    const rows = db
      .select({
        tournamentId: tournaments.id,
        name: tournaments.name,
        starts: tournaments.starts,
        ends: tournaments.ends,
        pointsHundredths: tournamentScores.pointsHundredths,
        achievedAt: tournamentScores.achievedAt,
        rank: sql<number>`1 + (select count(*) from ${tournamentScores} better
          where better.tournament_id = ${tournamentScores.tournamentId}
            and (better.points_hundredths > ${tournamentScores.pointsHundredths}
              or (better.points_hundredths = ${tournamentScores.pointsHundredths}
                and (better.achieved_at, better.uid) < (${tournamentScores.achievedAt}, ${tournamentScores.uid}))))`.mapWith(
          Number,
        ),
        award: tournamentAwards.name,
      })
      .from(tournamentScores)
      .innerJoin(tournaments, eq(tournaments.id, tournamentScores.tournamentId))
      .leftJoin(
        tournamentAwards,
        and(eq(tournamentAwards.tournamentId, tournaments.id), eq(tournamentAwards.winnerUid, uid)),
      )
      .where(where)
      .orderBy(desc(tournaments.starts), desc(tournaments.id));
    const [items, [total]] = await Promise.all([
      query.pageSize === undefined
        ? rows
        : rows.limit(query.pageSize).offset((query.page - 1) * query.pageSize),
      db
        .select({ n: count() })
        .from(tournamentScores)
        .innerJoin(tournaments, eq(tournaments.id, tournamentScores.tournamentId))
        .where(where),
    ]);
    return { items, total: total?.n ?? 0 };
  };
}
