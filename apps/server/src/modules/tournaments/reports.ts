import type { ScoreResult } from '@playon/shared/games';
import type { ScoreReportInput } from '../games/service.ts';
import type { TournamentPlayRule } from './play-rule.ts';
import { createReportAnswers, type ReportAnswersDeps } from './report-answers.ts';
import { type BatchWriterDeps, createBatchWriter, type Pending, type Written } from './report-batch.ts';
import { createReportTournaments } from './report-tournaments.ts';

/** Reports of one tournament written by one statement at most; more wait for the next one. */
const MAX_BATCH = 256;
/**
 * Batches of one tournament written at once. More than one lets PostgreSQL take the next batch while
 * the last one commits; two batches that lock rows in opposite orders (only when a client sends the
 * same sessions twice) make PostgreSQL refuse one of them as a deadlock, and that batch is tried
 * again report by report.
 */
const IN_FLIGHT = 4;

export interface ScoreReportsDeps
  extends Omit<BatchWriterDeps, 'tournaments' | 'repo' | 'ranks'>,
    Omit<ReportAnswersDeps, 'repo' | 'ranks'> {
  repo: BatchWriterDeps['repo'] & ReportAnswersDeps['repo'];
  ranks: BatchWriterDeps['ranks'] & ReportAnswersDeps['ranks'];
  rule: Pick<TournamentPlayRule, 'mustFind' | 'assertTakesReports'>;
  now: () => Date;
}

interface Queue {
  pending: Pending[];
  /** Batches of this tournament being written. */
  writing: number;
  /** A batch is to start on the next turn of the event loop. */
  scheduled: boolean;
}

/**
 * Score reports by group commit (ADR 0035): `reportScore` is the one function a tournament's score
 * goes through. Reports of a tournament that arrive while one of its batches is being written wait
 * and are written together by the next (report-batch.ts: two statements, no transaction), then
 * answered (report-answers.ts). Each report keeps its own checks and its own answer or refusal.
 */
export function createScoreReports(deps: ScoreReportsDeps) {
  const tournaments = createReportTournaments(deps.rule);
  const batches = createBatchWriter({ ...deps, tournaments });
  const answers = createReportAnswers(deps);
  const queues = new Map<number, Queue>();

  /** A tournament score: refused at once when the tournament takes no scores, else queued for a batch. */
  async function reportScore(
    uid: string,
    tournamentId: number,
    report: ScoreReportInput,
  ): Promise<ScoreResult> {
    const at = deps.now();
    const tournament = await tournaments.ongoing(tournamentId, at);
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
      written = await batches.write(tournamentId, batch);
    } catch (err) {
      for (const item of batch) item.reject(err);
    } finally {
      queue.writing--;
      if (queue.pending.length > 0) schedule(tournamentId, queue);
      else if (queue.writing === 0 && !queue.scheduled) queues.delete(tournamentId);
    }
    await answers.answer(written);
  }

  return { reportScore };
}
