import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { leaderboardOrder, type TournamentRow } from '../repo.ts';
import { tournamentScores, tournaments } from '../schema.ts';
import type { BoardState, Placed, RankEntry, RankStore } from './rank-store.ts';

/**
 * Entries read from PostgreSQL per query while a board is rebuilt, in the leaderboard's order (the
 * rank index's), so the in-process board is built by appending (O(n), not n inserts).
 */
const REBUILD_CHUNK = 10_000;

/**
 * The entries after `last` in the leaderboard's order: `points <= last` lets the rank index start the
 * walk there, the rest skips the equal points before it. `achievedAt` is text: a Date would round its
 * microseconds away.
 */
const following = (last: { pointsHundredths: number; achievedAt: string; uid: string }) =>
  and(
    lte(tournamentScores.pointsHundredths, last.pointsHundredths),
    or(
      lt(tournamentScores.pointsHundredths, last.pointsHundredths),
      sql`(${tournamentScores.achievedAt}, ${tournamentScores.uid}) > (${last.achievedAt}::timestamptz, ${last.uid})`,
    ),
  );

const micros = sql<string>`(extract(epoch from ${tournamentScores.achievedAt}) * 1000000)::bigint::text`;

export interface RanksDeps {
  db: Db;
  store: RankStore;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * The leaderboard's reads and writes on the rank store, with PostgreSQL as the record (ADR 0029).
 * A board is trusted when it was built at the tournament's entries_removed (no score has been removed
 * since), holds at least the tournament's stored count of entries (read before the board: a report
 * reaches the board before it commits, so one in flight can only make the board the larger), and this
 * process has not failed to write to it. Otherwise it is rebuilt from PostgreSQL; an answer that
 * cannot come from a trusted board is `undefined` and the caller asks PostgreSQL.
 */
export function createRanks({ db, store, log }: RanksDeps) {
  /** Boards this process failed to write to: rebuilt before they are read again. */
  const stale = new Set<string>();
  const rebuilding = new Map<string, Promise<boolean>>();
  let database: Promise<string> | undefined;

  /** One board per tournament, named apart per database (tests share one Redis among many). */
  async function boardOf(tournament: Pick<TournamentRow, 'id' | 'createdAt'>, tx: Db = db) {
    database ??= tx
      .execute(sql`select current_database() as name`)
      .then((result) => String((result as { rows: { name: string }[] }).rows[0]?.name));
    return `${await database}:${tournament.id}:${tournament.createdAt.getTime()}`;
  }

  const trusted = (board: string, tournament: TournamentRow, state: BoardState) =>
    !stale.has(board) && state.removed === tournament.entriesRemoved && state.size >= tournament.entries;

  /** The player's best as PostgreSQL holds it now (in `tx`), ready for the store. */
  async function entryOf(tournamentId: number, uid: string, tx: Db): Promise<RankEntry | undefined> {
    const [row] = await tx
      .select({ pointsHundredths: tournamentScores.pointsHundredths, micros })
      .from(tournamentScores)
      .where(and(eq(tournamentScores.tournamentId, tournamentId), eq(tournamentScores.uid, uid)));
    return row && { uid, pointsHundredths: row.pointsHundredths, micros: Number(row.micros) };
  }

  /**
   * A report's best as PostgreSQL committed it, on the board once more (a no-op when the board has
   * it: a rebuild or a refused report's repair that read the row before the commit would otherwise
   * leave the old best there), and the player's place. `tournament` carries the entries and
   * entries_removed the report's statement found. The place, or undefined when the board cannot be
   * trusted (it is then rebuilt). A store that fails loses nothing: PostgreSQL has the score, and the
   * board is rebuilt.
   */
  async function raise(tournament: TournamentRow, entry: RankEntry, tx: Db): Promise<Placed | undefined> {
    const board = await boardOf(tournament, tx);
    try {
      const { state, placed } = await store.raise(board, entry);
      if (trusted(board, tournament, state)) return placed;
      // Reports alone (nobody reading the board since this process started) must not leave every
      // later report to PostgreSQL's count, which grows with the rank: the board is built meanwhile.
      rebuild(tournament, board).catch((err: unknown) =>
        log.error({ err, tournamentId: tournament.id }, 'rebuilding a leaderboard failed'),
      );
      return undefined;
    } catch (err) {
      stale.add(board);
      log.warn({ err, tournamentId: tournament.id }, 'rank store missed a score; the board will be rebuilt');
      return undefined;
    }
  }

  /**
   * An entry on the board, trusted or not, and nothing answered: a report's points before PostgreSQL
   * commits them (a reader counting the new entry finds it on the board), put back by `repair` if the
   * report is refused.
   */
  async function settle(tournament: TournamentRow, entry: RankEntry) {
    const board = await boardOf(tournament);
    try {
      await store.raise(board, entry);
    } catch (err) {
      stale.add(board);
      log.warn({ err, tournamentId: tournament.id }, 'rank store missed a score; the board will be rebuilt');
    }
  }

  /**
   * After a report's transaction failed: the board may hold a best PostgreSQL does not, so the
   * player's entry is put back as PostgreSQL has it (or the board rebuilt if even that fails).
   */
  async function repair(tournament: TournamentRow, uid: string) {
    const board = await boardOf(tournament);
    try {
      await store.replace(board, uid, (await entryOf(tournament.id, uid, db)) ?? null);
    } catch (err) {
      stale.add(board);
      log.warn({ err, tournamentId: tournament.id }, 'rank store repair failed; the board will be rebuilt');
    }
  }

  /** Rebuilds the board from PostgreSQL, once at a time per board in this process. */
  function rebuild(tournament: TournamentRow, board: string): Promise<boolean> {
    let running = rebuilding.get(board);
    if (!running) {
      running = rebuildNow(tournament, board).finally(() => rebuilding.delete(board));
      rebuilding.set(board, running);
    }
    return running;
  }

  async function rebuildNow(tournament: TournamentRow, board: string): Promise<boolean> {
    const started = performance.now();
    // Read before the entries: a score removed while they are read makes the next check rebuild again.
    const [row] = await db
      .select({ removed: tournaments.entriesRemoved })
      .from(tournaments)
      .where(eq(tournaments.id, tournament.id));
    if (!row) return false;
    stale.delete(board);
    let count = 0;
    try {
      const outcome = await store.rebuild(board, row.removed, async (add) => {
        let after: { pointsHundredths: number; achievedAt: string; uid: string } | undefined;
        for (;;) {
          const chunk = await db
            .select({
              uid: tournamentScores.uid,
              pointsHundredths: tournamentScores.pointsHundredths,
              achievedAt: sql<string>`${tournamentScores.achievedAt}::text`,
              micros,
            })
            .from(tournamentScores)
            .where(and(eq(tournamentScores.tournamentId, tournament.id), after && following(after)))
            .orderBy(...leaderboardOrder)
            .limit(REBUILD_CHUNK);
          await add(
            chunk.map(({ uid, pointsHundredths, micros }) => ({
              uid,
              pointsHundredths,
              micros: Number(micros),
            })),
          );
          count += chunk.length;
          if (chunk.length < REBUILD_CHUNK) return;
          after = chunk.at(-1);
        }
      });
      if (outcome === 'busy') return false;
      const ms = Math.round(performance.now() - started);
      log.info({ tournamentId: tournament.id, entries: count, ms, store: store.kind }, 'leaderboard rebuilt');
      return true;
    } catch (err) {
      stale.add(board);
      log.error({ err, tournamentId: tournament.id }, 'rebuilding a leaderboard failed');
      return false;
    }
  }

  /** Asks the board; if it cannot be trusted, rebuilds it and asks once more. */
  async function ask<T extends { state: BoardState }>(
    tournament: TournamentRow,
    question: (board: string) => Promise<T>,
  ): Promise<T | undefined> {
    const board = await boardOf(tournament);
    try {
      const first = await question(board);
      if (trusted(board, tournament, first.state)) return first;
      if (!(await rebuild(tournament, board))) return undefined;
      const second = await question(board);
      return trusted(board, tournament, second.state) ? second : undefined;
    } catch (err) {
      stale.add(board);
      log.warn({ err, tournamentId: tournament.id }, 'rank store unavailable; PostgreSQL answers');
      return undefined;
    }
  }

  /** The player's place on a trusted board: null without a score, undefined if the board cannot say. */
  async function standing(tournament: TournamentRow, uid: string) {
    return (await ask(tournament, (board) => store.standing(board, uid)))?.placed;
  }

  async function page(tournament: TournamentRow, offset: number, limit: number) {
    return (await ask(tournament, (board) => store.page(board, offset, limit)))?.rows;
  }

  return { entryOf, raise, settle, repair, standing, page, boardOf };
}

export type Ranks = ReturnType<typeof createRanks>;
