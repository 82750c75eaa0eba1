import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type Query,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { type Bound, type Db, executePrepared } from '../../platform/db.ts';
import { escapeLike } from '../operator/service.ts';
import { tournamentScores, tournaments } from './schema.ts';

export type TournamentRow = typeof tournaments.$inferSelect;
export type NewTournament = typeof tournaments.$inferInsert;
export type ScoreRow = typeof tournamentScores.$inferSelect;

/**
 * The leaderboard's order: best first, earlier first on ties. It must match
 * tournament_scores_rank_idx exactly, NULLS LAST included (a plain DESC means NULLS FIRST), or
 * PostgreSQL sorts the whole tournament instead of walking the index.
 */
export const leaderboardOrder = [
  sql`${tournamentScores.pointsHundredths} desc nulls last`,
  asc(tournamentScores.achievedAt),
  asc(tournamentScores.uid),
];

const FINISHERS_PAGE = 1000;

const dialect = new PgDialect();

/**
 * `raiseBests`' statement around its marking UPDATE, with the tournament in `best_tournament`. It
 * first takes the tournament's row FOR KEY SHARE, and only while the tournament takes scores
 * (`open_tournament`): reports share that lock, the ranking's FOR UPDATE waits for the statements
 * holding it, and a statement that waited on the ranking reads the row as the ranking left it, so a
 * report is either on the board the ranking reads or not written at all (ADR 0071). Only a
 * strictly higher best writes its row: a report that does not raise it (most of a player's plays)
 * leaves the row as it is, without a new row version, index entries or WAL, though the upsert still
 * locks it. Such a player's best comes back as the statement's snapshot read it, or as their own
 * report when the snapshot holds none (a first score another statement committed meanwhile): a best
 * never higher than the one stored, which the board, keeping the better, takes as no change.
 */
const raiseBestsStatement = (markReported: SQL) =>
  sql`with open_tournament as materialized (
      select starts, ends from tournaments where id = ${sql.placeholder('best_tournament')}::int
        and cancelled_at is null and ranked_at is null
      for key share),
    marked as (${markReported}),
    counts as (select entries, entries_removed from tournaments where id = ${sql.placeholder('best_tournament')}::int),
    best as (select distinct on (uid) uid, points_hundredths, reported_at, id from marked
      order by uid, points_hundredths desc, reported_at, id),
    raised as (
      insert into tournament_scores as held (tournament_id, uid, points_hundredths, achieved_at, session_id)
      select ${sql.placeholder('best_tournament')}::int, uid, points_hundredths, reported_at, id from best order by uid
      on conflict (tournament_id, uid) do update set points_hundredths = excluded.points_hundredths,
        achieved_at = excluded.achieved_at, session_id = excluded.session_id
        where held.points_hundredths < excluded.points_hundredths
      returning held.uid, held.points_hundredths, held.achieved_at),
    stands as (
      select b.uid,
        case when r.uid is not null then r.points_hundredths when s.uid is not null then s.points_hundredths
          else b.points_hundredths end as points_hundredths,
        case when r.uid is not null then r.achieved_at when s.uid is not null then s.achieved_at
          else b.reported_at end as achieved_at
      from best b left join raised r on r.uid = b.uid
        left join tournament_scores s
          on r.uid is null and s.tournament_id = ${sql.placeholder('best_tournament')}::int and s.uid = b.uid)
    select uid, points_hundredths, (extract(epoch from achieved_at) * 1000000)::bigint::text as micros,
      (select string_agg(m.id::text, ',') from marked m where m.uid = stands.uid) as session_ids,
      (select entries from counts) as entries, (select entries_removed from counts) as entries_removed
    from stands`;

/**
 * Where `raiseBests`' marking UPDATE may spend a session: this tournament's, while it takes scores
 * (`open_tournament`, the row as the statement locked it: started, neither cancelled nor ranked), and
 * only a session issued before its end (ADR 0065): a run played offline may be reported after the
 * end, but no session issued after it counts. The issue is the session's `started_at`, the server's
 * clock. The UPDATE names the session `s` and the claim `m`.
 */
export const spendableSession = sql`s.tournament_id = ${sql.placeholder('best_tournament')}::int
  and exists (select 1 from open_tournament t where t.starts < m.at and t.ends > s.started_at)`;

export function createTournamentRepo(db: Db) {
  /** `raiseBests`' statement for each marking UPDATE (one in use), built once and then only bound. */
  const raiseStatements = new WeakMap<SQL, Query>();
  return {
    /** What players see: every tournament but the cancelled ones. */
    list: (tx: Db = db) =>
      tx
        .select()
        .from(tournaments)
        .where(isNull(tournaments.cancelledAt))
        .orderBy(asc(tournaments.starts), asc(tournaments.id)),
    /** The console's list: every tournament, the latest start first, searched by name. */
    async opsPage(query: { q?: string | undefined; offset: number; limit: number }, tx: Db = db) {
      const where = query.q ? ilike(tournaments.name, `%${escapeLike(query.q)}%`) : undefined;
      const [items, [total]] = await Promise.all([
        tx
          .select()
          .from(tournaments)
          .where(where)
          .orderBy(desc(tournaments.starts), desc(tournaments.id))
          .limit(query.limit)
          .offset(query.offset),
        tx.select({ n: count() }).from(tournaments).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    async update(id: number, fields: Partial<NewTournament>, tx: Db) {
      const [row] = await tx.update(tournaments).set(fields).where(eq(tournaments.id, id)).returning();
      if (!row) throw new Error(`tournament ${id} vanished`);
      return row;
    },
    async byId(id: number, tx: Db = db) {
      const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id));
      return row;
    },
    /** Inserts unless a tournament with the same seed key exists; undefined then. */
    async insert(tournament: NewTournament, tx: Db = db) {
      const [row] = await tx
        .insert(tournaments)
        .values(tournament)
        .onConflictDoNothing({ target: tournaments.seedKey })
        .returning();
      return row;
    },
    async bySeedKey(seedKey: string, tx: Db = db) {
      const [row] = await tx.select().from(tournaments).where(eq(tournaments.seedKey, seedKey));
      return row;
    },
    byIds: (ids: number[], tx: Db = db) =>
      ids.length === 0
        ? Promise.resolve([])
        : tx.select().from(tournaments).where(inArray(tournaments.id, ids)),
    /** A seeded tournament's Kiswahili, written where no operator has written one yet. */
    async fillKiswahili(seedKey: string, texts: { nameSw: string; descriptionSw: string }, tx: Db = db) {
      await tx
        .update(tournaments)
        .set({
          nameSw: sql`coalesce(${tournaments.nameSw}, ${texts.nameSw})`,
          descriptionSw: sql`coalesce(${tournaments.descriptionSw}, ${texts.descriptionSw})`,
        })
        .where(eq(tournaments.seedKey, seedKey));
    },

    /**
     * A batch of reports of one tournament in one statement (group commit, outside any
     * transaction): `markReported` (a CTE from the games module, one row per marked session) marks
     * the sessions, and each player's best among them (most points, then reached first) raises their
     * best: only when strictly higher, so a tie keeps the moment it was first reached (a lower report
     * leaves the row untouched). A player's several
     * sessions in one batch are one row of the upsert, which cannot touch a row twice (ADR 0039).
     * Rows are written in uid order, so two statements never wait on each other's rows in opposite
     * orders. It gives each player's best (as `raiseBestsStatement` says), the ids of the player's sessions marked (comma
     * separated) and the tournament's entries and entries_removed as the statement found them (before
     * its own new entries are counted). The statement (`raiseBestsStatement`) is built once per
     * marking UPDATE and then only bound: only the values change from batch to batch.
     */
    raiseBests(tournamentId: number, markReported: Bound, tx: Db = db) {
      let built = raiseStatements.get(markReported.sql);
      if (!built) {
        built = dialect.sqlToQuery(raiseBestsStatement(markReported.sql));
        raiseStatements.set(markReported.sql, built);
      }
      return executePrepared<{
        uid: string;
        points_hundredths: number;
        micros: string;
        session_ids: string;
        entries: number;
        entries_removed: number;
      }>(tx, 'tournament-raise-bests', built, { ...markReported.values, best_tournament: tournamentId });
    },
    /** Demo scores: a player who already has one keeps it. */
    async insertScores(scores: (typeof tournamentScores.$inferInsert)[], tx: Db = db) {
      if (scores.length === 0) return;
      await tx.insert(tournamentScores).values(scores).onConflictDoNothing();
    },

    /**
     * The player's best and rank: 1 + the entries ordered before theirs, counted as two range scans
     * of the rank index (higher points; equal points reached earlier), so the cost grows with the
     * rank, not with the tournament. Undefined when the player has no score.
     */
    async standing(tournamentId: number, uid: string, tx: Db = db) {
      // Drizzle leaves select-list columns unqualified, so the correlated subqueries name `me` in SQL.
      const me = alias(tournamentScores, 'me');
      const [row] = await tx
        .select({
          pointsHundredths: me.pointsHundredths,
          ahead: sql<string>`(select count(*) from tournament_scores s
              where s.tournament_id = me.tournament_id and s.points_hundredths > me.points_hundredths)
            + (select count(*) from tournament_scores s
              where s.tournament_id = me.tournament_id and s.points_hundredths = me.points_hundredths
                and (s.achieved_at, s.uid) < (me.achieved_at, me.uid))`,
        })
        .from(me)
        .where(and(eq(me.tournamentId, tournamentId), eq(me.uid, uid)));
      if (!row) return undefined;
      return { pointsHundredths: row.pointsHundredths, rank: Number(row.ahead) + 1 };
    },
    /** A page of the leaderboard in its order; ranks follow from the offset. */
    page: (tournamentId: number, offset: number, limit: number, tx: Db = db) =>
      tx
        .select({ uid: tournamentScores.uid, pointsHundredths: tournamentScores.pointsHundredths })
        .from(tournamentScores)
        .where(eq(tournamentScores.tournamentId, tournamentId))
        .orderBy(...leaderboardOrder)
        .limit(limit)
        .offset(offset),
    async count(tournamentId: number, tx: Db = db) {
      const [row] = await tx
        .select({ n: sql<string>`count(*)` })
        .from(tournamentScores)
        .where(eq(tournamentScores.tournamentId, tournamentId));
      return Number(row?.n ?? 0);
    },

    /** Ended and not ranked yet, oldest end first (tournaments_unranked_ends_idx). */
    endedUnranked: (at: Date, tx: Db = db) =>
      tx
        .select({ id: tournaments.id })
        .from(tournaments)
        .where(
          and(
            sql`${tournaments.rankedAt} is null`,
            sql`${tournaments.ends} < ${at}`,
            isNull(tournaments.cancelledAt),
          ),
        )
        .orderBy(asc(tournaments.ends)),
    /** The tournament, locked until the transaction ends, so two rankers take turns. */
    async forUpdate(id: number, tx: Db) {
      const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
      return row;
    },
    podium: (tournamentId: number, places: number, tx: Db) =>
      tx
        .select({ uid: tournamentScores.uid })
        .from(tournamentScores)
        .where(eq(tournamentScores.tournamentId, tournamentId))
        .orderBy(...leaderboardOrder)
        .limit(places),
    async markRanked(id: number, at: Date, tx: Db) {
      await tx.update(tournaments).set({ rankedAt: at }).where(eq(tournaments.id, id));
    },
    /**
     * The uids of every player with a score, in the leaderboard's order, read FINISHERS_PAGE at a
     * time so memory does not grow with the players. Each page starts after the last one's entry:
     * `points <= last` lets the rank index start the walk there, the rest skips the equal points
     * before it. `achieved_at` travels as text: a Date would round its microseconds away.
     */
    async *finishers(tournamentId: number, tx: Db) {
      let last: { pointsHundredths: number; achievedAt: string; uid: string } | undefined;
      for (;;) {
        const after = last
          ? and(
              lte(tournamentScores.pointsHundredths, last.pointsHundredths),
              or(
                lt(tournamentScores.pointsHundredths, last.pointsHundredths),
                sql`(${tournamentScores.achievedAt}, ${tournamentScores.uid}) > (${last.achievedAt}::timestamptz, ${last.uid})`,
              ),
            )
          : undefined;
        const page = await tx
          .select({
            uid: tournamentScores.uid,
            pointsHundredths: tournamentScores.pointsHundredths,
            achievedAt: sql<string>`${tournamentScores.achievedAt}::text`,
          })
          .from(tournamentScores)
          .where(and(eq(tournamentScores.tournamentId, tournamentId), after))
          .orderBy(...leaderboardOrder)
          .limit(FINISHERS_PAGE);
        for (const row of page) yield row.uid;
        if (page.length < FINISHERS_PAGE) return;
        last = page.at(-1);
      }
    },
    /** Running at `at` and not announced yet. */
    startedUnannounced: (at: Date, tx: Db = db) =>
      tx
        .select()
        .from(tournaments)
        .where(
          and(
            lte(tournaments.starts, at),
            gt(tournaments.ends, at),
            isNull(tournaments.startAnnouncedAt),
            isNull(tournaments.cancelledAt),
          ),
        )
        .orderBy(asc(tournaments.starts)),
    /** Marks it announced, once: false when another run did first. */
    async markStartAnnounced(id: number, at: Date, tx: Db) {
      const rows = await tx
        .update(tournaments)
        .set({ startAnnouncedAt: at })
        .where(and(eq(tournaments.id, id), isNull(tournaments.startAnnouncedAt)))
        .returning({ id: tournaments.id });
      return rows.length > 0;
    },
  };
}

export type TournamentRepo = ReturnType<typeof createTournamentRepo>;
