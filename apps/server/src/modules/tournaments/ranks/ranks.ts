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
   * A batch's bests as PostgreSQL committed them, on the board once more (a no-op when the board has
   * them: a rebuild or a refused report's repair that read a row before the commit would otherwise
   * leave the old best there), and each player's place, in one call to the store. `tournament`
   * carries the entries and entries_removed the batch's statement found. The places, or undefined
   * when the board cannot be trusted (it is then rebuilt). A store that fails loses nothing:
   * PostgreSQL has the scores, and the board is rebuilt.
   */
  async function raiseAll(
    tournament: TournamentRow,
    entries: RankEntry[],
    tx: Db,
  ): Promise<Placed[] | undefined> {
    const board = await boardOf(tournament, tx);
    try {
      const { state, placed } = await store.raiseAll(board, entries, true);
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
   * Entries on the board, trusted or not, and nothing answered: a batch's points before PostgreSQL
   * commits them (a reader counting the new entries finds them there), each put back by `repair` if
   * its report is refused. One call to the store for the batch.
   */
  async function settle(tournament: TournamentRow, entries: RankEntry[]) {
    if (entries.length === 0) return;
    const board = await boardOf(tournament);
    try {
      await store.raiseAll(board, entries, false);
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

  /** Tournaments' creation times, which name their boards; past this many the cache starts again. */
  const created = new Map<number, number>();
  const MAX_CREATED = 10_000;

  /**
   * The tournament's row (`find`, from PostgreSQL) and the board's answer (ADR 0039). Once this
   * process knows the board's name (the tournament's creation time, from an earlier read), the board
   * is asked while the row is read, in parallel: one round trip's time instead of two. The answer is
   * kept only if the row names the same board and trusts it. Read in either order, the check stays
   * safe: entries only grow while entries_removed stays as the board has it, so a row read after the
   * board holds at least the entries the board had to hold. What it can do is find a board short of
   * an entry committed between the two reads: the board is then asked again after the row, as
   * `ask` does, before any rebuild.
   */
  async function withRow<T extends { state: BoardState }>(
    tournamentId: number,
    find: () => Promise<TournamentRow>,
    question: (board: string) => Promise<T>,
  ): Promise<{ tournament: TournamentRow; answer: T | undefined }> {
    const known = created.get(tournamentId);
    if (known === undefined) {
      const tournament = await find();
      remember(tournament);
      return { tournament, answer: await ask(tournament, question) };
    }
    const board = await boardOf({ id: tournamentId, createdAt: new Date(known) });
    // A failure here is `ask`'s to handle, on the row read beside it.
    const early = question(board).catch(() => undefined);
    const tournament = await find();
    remember(tournament);
    const first = await early;
    if (first && tournament.createdAt.getTime() === known && trusted(board, tournament, first.state))
      return { tournament, answer: first };
    return { tournament, answer: await ask(tournament, question) };
  }

  function remember(tournament: TournamentRow) {
    if (created.size >= MAX_CREATED) created.clear();
    created.set(tournament.id, tournament.createdAt.getTime());
  }

  /**
   * The tournament's row and the player's place on a trusted board: null without a score, undefined
   * if the board cannot say.
   */
  async function standing(tournamentId: number, find: () => Promise<TournamentRow>, uid: string) {
    const { tournament, answer } = await withRow(tournamentId, find, (board) => store.standing(board, uid));
    return { tournament, placed: answer?.placed };
  }

  /** The tournament's row and the entries of a page from a trusted board; undefined if it cannot say. */
  async function page(
    tournamentId: number,
    find: () => Promise<TournamentRow>,
    offset: number,
    limit: number,
  ) {
    const { tournament, answer } = await withRow(tournamentId, find, (board) =>
      store.page(board, offset, limit),
    );
    return { tournament, rows: answer?.rows };
  }

  return { entryOf, raiseAll, settle, repair, standing, page, boardOf };
}

export type Ranks = ReturnType<typeof createRanks>;
