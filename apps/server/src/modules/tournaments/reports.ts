import { gameMessages, type ScoreResult } from '@playon/shared/games';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { fromHundredths, type ScoreReportInput, type SessionClaim, toHundredths } from '../games/service.ts';
import type { TournamentServiceDeps } from './deps.ts';
import type { TournamentPlayRule } from './play-rule.ts';
import type { Placed, RankEntry } from './ranks/rank-store.ts';
import type { Ranks } from './ranks/ranks.ts';
import type { TournamentRepo, TournamentRow } from './repo.ts';

/** Reports of one tournament written by one statement at most; more wait for the next one. */
const MAX_BATCH = 256;
/**
 * Batches of one tournament written at once. More than one lets PostgreSQL take the next batch while
 * the last one commits; two batches that lock rows in opposite orders (only when a client sends the
 * same sessions twice) make PostgreSQL refuse one of them as a deadlock, and that batch is tried
 * again report by report.
 */
const IN_FLIGHT = 4;
/** Tournament rows kept for reports; past this many the cache starts again (they are few). */
const MAX_CACHED = 10_000;

export interface ScoreReportsDeps {
  db: Db;
  repo: Pick<TournamentRepo, 'raiseBests' | 'standing'>;
  ranks: Pick<Ranks, 'raiseAll' | 'settle' | 'repair'>;
  rule: Pick<TournamentPlayRule, 'mustFind' | 'assertOngoing'>;
  games: Pick<TournamentServiceDeps['games'], 'claimSessionsWith'>;
  now: () => Date;
}

interface Pending {
  uid: string;
  report: ScoreReportInput;
  at: Date;
  tournament: TournamentRow;
  resolve: (result: ScoreResult) => void;
  reject: (err: unknown) => void;
}

interface Queue {
  pending: Pending[];
  /** Batches of this tournament being written. */
  writing: number;
  /** A batch is to start on the next turn of the event loop. */
  scheduled: boolean;
}

/**
 * Score reports by group commit (ADR 0035). Reports of a tournament that arrive while
 * one of its batches is being written wait and are written together by the next: the play sessions
 * read in one statement, then one statement that marks them reported and raises the bests, outside
 * any transaction (each statement commits on its own). Each report keeps its own checks and its own
 * answer or refusal. A session is reported at most once without a lock: the marking UPDATE takes only
 * a session still unreported. The tournament's row is cached (its id, creation and dates), but it
 * never lets a report in alone: the same statement marks a session only while the tournament is
 * running at the report's moment and not cancelled, so a tournament ended or cancelled elsewhere
 * (another instance, the console, SQL) refuses the report and leaves its session unspent.
 */
export function createScoreReports({ db, repo, ranks, rule, games, now }: ScoreReportsDeps) {
  const known = new Map<number, TournamentRow>();
  const queues = new Map<number, Queue>();

  function remember(row: TournamentRow) {
    if (known.size >= MAX_CACHED) known.clear();
    known.set(row.id, row);
  }

  /** The tournament's row as PostgreSQL has it now; refuses the report as the row says. */
  async function freshTournament(id: number, at: Date): Promise<TournamentRow> {
    known.delete(id);
    const row = await rule.mustFind(id);
    remember(row);
    rule.assertOngoing(row, at);
    return row;
  }

  async function reportScore(
    uid: string,
    tournamentId: number,
    report: ScoreReportInput,
  ): Promise<ScoreResult> {
    const at = now();
    const cached = known.get(tournamentId);
    let tournament: TournamentRow;
    if (!cached) tournament = await freshTournament(tournamentId, at);
    else {
      tournament = cached;
      // The cache may be behind (an end moved later elsewhere): refuse only on the row as it is now.
      try {
        rule.assertOngoing(cached, at);
      } catch {
        tournament = await freshTournament(tournamentId, at);
      }
    }
    return new Promise<ScoreResult>((resolve, reject) => {
      let queue = queues.get(tournamentId);
      if (!queue) {
        queue = { pending: [], writing: 0, scheduled: false };
        queues.set(tournamentId, queue);
      }
      queue.pending.push({ uid, report, at, tournament, resolve, reject });
      schedule(tournamentId, queue);
    });
  }

  /**
   * The next batch starts once this turn of the event loop has queued what it brings (requests read
   * together are written together); while IN_FLIGHT batches are written the reports wait.
   */
  function schedule(tournamentId: number, queue: Queue) {
    if (queue.scheduled || queue.writing >= IN_FLIGHT || queue.pending.length === 0) return;
    queue.scheduled = true;
    setImmediate(() => {
      queue.scheduled = false;
      void flush(tournamentId, queue);
    });
  }

  async function flush(tournamentId: number, queue: Queue) {
    // One report per play session in a statement (the marking UPDATE takes a session once): a
    // session's second report waits for the next batch, and is then refused as used. A player's
    // several sessions share the statement, which keeps their best (ADR 0039). The session's id is
    // the token's first part, the same in every token that verifies.
    const batch: Pending[] = [];
    const sessions = new Set<string>();
    const rest: Pending[] = [];
    for (const item of queue.pending) {
      const session = item.report.session.split('.')[0] ?? '';
      if (batch.length < MAX_BATCH && !sessions.has(session)) {
        sessions.add(session);
        batch.push(item);
      } else rest.push(item);
    }
    queue.pending = rest;
    queue.writing++;
    let written: Written[] = [];
    try {
      written = await write(tournamentId, batch);
    } catch (err) {
      for (const item of batch) item.reject(err);
    } finally {
      queue.writing--;
      if (queue.pending.length > 0) schedule(tournamentId, queue);
      else if (queue.writing === 0 && !queue.scheduled) queues.delete(tournamentId);
    }
    await answer(written);
  }

  interface Written {
    item: Pending;
    best: RankEntry;
    counted: Pick<TournamentRow, 'entries' | 'entriesRemoved'>;
  }

  /**
   * Writes a batch; a statement that fails for a batch of several is tried again report by report,
   * so one report's failure is its own. The reports written come back to be answered.
   */
  async function write(tournamentId: number, batch: Pending[]): Promise<Written[]> {
    const { written, failed } = await writeOnce(tournamentId, batch);
    if (!failed) return written;
    if (batch.length === 1) {
      batch[0]?.reject(failed.err);
      return written;
    }
    const again: Written[] = [];
    for (const item of failed.items) {
      const one = await writeOnce(tournamentId, [item]);
      if (one.failed) item.reject(one.failed.err);
      again.push(...one.written);
    }
    return [...written, ...again];
  }

  async function writeOnce(
    tournamentId: number,
    batch: Pending[],
  ): Promise<{ written: Written[]; failed?: { err: unknown; items: Pending[] } }> {
    const tournament = batch[0]?.tournament;
    if (!tournament) return { written: [] };
    const running = sql`s.tournament_id = ${tournamentId}::int and exists (select 1 from tournaments t
      where t.id = ${tournamentId}::int and t.cancelled_at is null and t.starts < m.at and t.ends > m.at)`;
    let counted: Written['counted'] | undefined;
    let failure: unknown;
    const onBoard: Pending[] = [];
    const claims: SessionClaim[] = batch.map((item) => ({
      token: item.report.session,
      uid: item.uid,
      tournamentId,
      points: item.report.points,
      replay: item.report.replay,
      at: item.at,
    }));
    const outcomes = await games.claimSessionsWith<RankEntry>(
      claims,
      running,
      async (passed, markReported) => {
        // On the board before PostgreSQL commits: a reader that counts the new entries finds them
        // there. A report refused after this has its entry put back as PostgreSQL has it.
        const items = passed.map(({ claim }) => batch[claims.indexOf(claim)] as Pending);
        await ranks.settle(tournament, items.map(provisional));
        onBoard.push(...items);
        try {
          const rows = await repo.raiseBests(tournamentId, markReported);
          const [first] = rows;
          if (first) counted = { entries: first.entries, entriesRemoved: first.entries_removed };
          return new Map(
            rows.flatMap((row) => {
              const best = {
                uid: row.uid,
                pointsHundredths: row.points_hundredths,
                micros: Number(row.micros),
              };
              return row.session_ids.split(',').map((id) => [id, best] as const);
            }),
          );
        } catch (err) {
          failure = err;
          throw err;
        }
      },
    );
    const written: Written[] = [];
    const failedItems: Pending[] = [];
    await Promise.all(
      outcomes.map(async (outcome, index) => {
        const item = batch[index] as Pending;
        if ('value' in outcome && counted) {
          written.push({ item, best: outcome.value, counted });
          return;
        }
        if (onBoard.includes(item)) await ranks.repair(tournament, item.uid);
        if ('error' in outcome) {
          if (failure !== undefined && outcome.error === failure) failedItems.push(item);
          else item.reject(outcome.error);
          return;
        }
        // Not marked: the tournament stopped running (say why) or the session was spent meanwhile.
        try {
          await freshTournament(tournamentId, item.at);
          item.reject(new AppError('CONFLICT', gameMessages.sessionUsed));
        } catch (err) {
          item.reject(err);
        }
      }),
    );
    return failure === undefined ? { written } : { written, failed: { err: failure, items: failedItems } };
  }

  /**
   * The players' places once their batch committed: from the board, in one call per statement that
   * wrote them, when it can be trusted; from PostgreSQL otherwise.
   */
  async function answer(written: Written[]) {
    const byStatement = new Map<Written['counted'], Written[]>();
    for (const one of written) {
      const group = byStatement.get(one.counted);
      if (group) group.push(one);
      else byStatement.set(one.counted, [one]);
    }
    await Promise.all(
      [...byStatement].map(async ([counted, group]) => {
        const first = group[0] as Written;
        const tournament = { ...first.item.tournament, ...counted };
        let placed: (Placed | undefined)[] = [];
        try {
          placed =
            (await ranks.raiseAll(
              tournament,
              group.map((one) => one.best),
              db,
            )) ?? [];
        } catch {
          // Each report is then ranked by PostgreSQL on its own.
        }
        await Promise.all(group.map((one, index) => answerOne(one, tournament, placed[index])));
      }),
    );
  }

  async function answerOne({ item }: Written, tournament: TournamentRow, placed: Placed | undefined) {
    try {
      const standing = placed ?? (await repo.standing(tournament.id, item.uid));
      if (!standing) throw new Error(`score of ${item.uid} in tournament ${tournament.id} vanished`);
      item.resolve({
        points: item.report.points,
        best: fromHundredths(standing.pointsHundredths),
        rank: standing.rank,
      });
    } catch (err) {
      item.reject(err);
    }
  }

  return { reportScore };
}

/** The report's points at its moment, as the upsert would keep them. */
function provisional(item: Pending): RankEntry {
  return {
    uid: item.uid,
    pointsHundredths: toHundredths(item.report.points),
    micros: item.at.getTime() * 1000,
  };
}
