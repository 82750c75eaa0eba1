import type { Db } from '../../platform/db.ts';
import { addDays, boundsOf, daysBetween, nairobiDayOf } from './days.ts';
import { createFoldRepo } from './fold-repo.ts';

/** The recurring job's kind, and the one an operator's "Recount now" queues. */
export const INSIGHT_REFRESH_JOB = 'insight.refresh';
export const INSIGHT_REFRESH_NOW_JOB = 'insight.refresh-now';
/** Each run refolds the days since the last one and these before it: plays reported and payments settled late. */
export const LATE_DAYS = 2;
/** The first run of each Nairobi day refolds this many: what came later still, and 30-day returns. */
export const DEEP_DAYS = 35;
/** Sign-ups and profile changes are read again this far before the last run: rows committed late. */
const LATE_COMMIT_MS = 3_600_000;

export interface RefreshOutcome {
  first: string;
  last: string;
  days: number;
  deep: boolean;
  tookMs: number;
  /** Milliseconds spent on each part of the run, for the bench and the log. */
  steps: Record<'players' | 'days' | 'firsts' | 'daily' | 'tournaments', number>;
}

/**
 * Folds activity into the summary tables (ADR 0067), in one transaction under an advisory lock: the
 * first run everything since the first sign-up; then the days since the last run and LATE_DAYS
 * before; the first run of a Nairobi day, the last DEEP_DAYS. Each day is written anew from the raw
 * tables, so a run repeated (a job claimed twice) changes nothing.
 */
export function createRefresh(db: Db, now: () => Date = () => new Date()) {
  const fold = createFoldRepo();
  return async function refresh(): Promise<RefreshOutcome> {
    const started = performance.now();
    const at = now();
    const today = nairobiDayOf(at);
    return db.transaction(async (tx) => {
      await fold.lock(tx);
      const state = await fold.state(tx);
      const deep = state !== null && state.deepDay < today;
      let first: string;
      if (state === null) first = (await fold.firstDay(tx)) ?? today;
      else if (deep) first = addDays(today, 1 - DEEP_DAYS);
      else first = addDays(nairobiDayOf(state.foldedTo), -LATE_DAYS);
      if (first > today) first = today;

      const steps = { players: 0, days: 0, firsts: 0, daily: 0, tournaments: 0 };
      const step = async (name: keyof typeof steps, work: () => Promise<void>) => {
        const begun = performance.now();
        await work();
        steps[name] += performance.now() - begun;
      };
      await step('players', () =>
        fold.foldPlayers(tx, state ? new Date(state.foldedTo.getTime() - LATE_COMMIT_MS) : null),
      );
      const days = daysBetween(first, today);
      for (const day of days) {
        await step('days', () => fold.foldDay(tx, boundsOf(day)));
        await step('firsts', () => fold.foldFirstsAndReturns(tx, day));
      }
      await step('daily', () => fold.foldDaily(tx, first, today));
      await step('tournaments', () => fold.foldTournaments(tx, state ? boundsOf(first).from : null, at));
      const tookMs = Math.round(performance.now() - started);
      await fold.saveState(tx, at, state === null || deep ? today : state.deepDay, tookMs);
      for (const name of Object.keys(steps) as (keyof typeof steps)[]) steps[name] = Math.round(steps[name]);
      return { first, last: today, days: days.length, deep: deep || state === null, tookMs, steps };
    });
  };
}
