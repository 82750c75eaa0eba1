import {
  type FailureReason,
  failureReasons,
  type InsightActivity,
  type InsightFunnel,
  type InsightGames,
  type InsightMoney,
  type InsightPeriodQuery,
  type InsightRetention,
  type InsightRetentionQuery,
  tournamentStates,
} from '@playon/shared/ops-insight';
import type { Db } from '../../platform/db.ts';
import { boundsOf, daysBetween, mondayOf, nairobiDayOf, periodOf } from './days.ts';
import { createRefresh } from './refresh.ts';
import { createInsightRepo } from './repo.ts';

export { registerInsightJobs } from './jobs.ts';
export { INSIGHT_REFRESH_JOB, INSIGHT_REFRESH_NOW_JOB, type RefreshOutcome } from './refresh.ts';

const kes = (cents: bigint) => Number(cents) / 100;
/** KES to the cent, for a mean. */
const meanKes = (cents: bigint, over: number) => (over === 0 ? 0 : Math.round(Number(cents) / over) / 100);
const PAID_TYPES = new Set(['TOPUP', 'BOOST', 'SUBSCRIPTION']);

/**
 * The Insight area (ADR 0067): the refresh job that folds activity into the summary tables, and the
 * screens' reads of them. It sits above the modules it counts; none of them depends on it.
 */
export function createInsightService(db: Db, now: () => Date = () => new Date()) {
  const repo = createInsightRepo(db);
  const refresh = createRefresh(db, now);

  async function answerBase(query: InsightPeriodQuery) {
    const period = periodOf(query, now());
    const foldedTo = await repo.foldedTo();
    return { period, foldedTo, base: { ...period, foldedAt: foldedTo?.toISOString() ?? null } };
  }

  async function activity(query: InsightPeriodQuery): Promise<InsightActivity> {
    const { period, base } = await answerBase(query);
    const [rows, { active }] = await Promise.all([repo.daily(period), repo.activeAndPayers(period)]);
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const days = daysBetween(period.from, period.to).map(
      (day) => byDay.get(day) ?? { day, dau: 0, wau: 0, mau: 0, newPlayers: 0 },
    );
    const counted = days.filter((day) => day.mau > 0);
    const stickiness =
      counted.length === 0 ? 0 : counted.reduce((sum, day) => sum + day.dau / day.mau, 0) / counted.length;
    return {
      ...base,
      days,
      activePlayers: active,
      newPlayers: days.reduce((sum, day) => sum + day.newPlayers, 0),
      stickiness: Math.round(stickiness * 10_000) / 10_000,
    };
  }

  async function retention(query: InsightRetentionQuery): Promise<InsightRetention> {
    const { period, foldedTo, base } = await answerBase(query);
    const gameId = query.gameId ?? null;
    // A day is counted once it has ended before the last fold.
    const countedBefore = foldedTo ? nairobiDayOf(foldedTo) : period.from;
    const [cohorts, games] = await Promise.all([
      repo.cohorts({ from: mondayOf(period.from), to: period.to }, countedBefore, gameId),
      repo.gameChoices(),
    ]);
    return { ...base, gameId, cohorts, games };
  }

  async function funnel(query: InsightPeriodQuery): Promise<InsightFunnel> {
    const { period, base } = await answerBase(query);
    const counts = await repo.funnel(period);
    return {
      ...base,
      steps: (['signedUp', 'profileComplete', 'firstGame', 'firstTopUp', 'firstSubscription'] as const).map(
        (step) => ({ step, players: counts[step] }),
      ),
    };
  }

  async function money(query: InsightPeriodQuery): Promise<InsightMoney> {
    const { period, base } = await answerBase(query);
    const [perDay, packages, people, firsts, outcomes, packageDays] = await Promise.all([
      repo.moneyInPerDay(period),
      repo.packagesSold(period),
      repo.activeAndPayers(period),
      repo.firstTimePayers(period),
      repo.outcomes(period),
      repo.packagesPerDay(period),
    ]);
    const methods = [...new Set(perDay.map((row) => row.method))].sort();
    const total = perDay.reduce((sum, row) => sum + row.cents, 0n);
    const days = daysBetween(period.from, period.to).map((day) => {
      const rows = perDay.filter((row) => row.day === day);
      return {
        day,
        total: kes(rows.reduce((sum, row) => sum + row.cents, 0n)),
        byPackage: Object.fromEntries(
          packages.map((p) => [
            String(p.packageId),
            kes(packageDays.find((r) => r.day === day && r.packageId === p.packageId)?.cents ?? 0n),
          ]),
        ),
        byMethod: Object.fromEntries(
          methods.map((m) => [m, kes(rows.find((r) => r.method === m)?.cents ?? 0n)]),
        ),
      };
    });
    const firstsByDay = new Map(firsts.map((row) => [row.day, row.count]));
    const refunds = outcomes.filter((row) => row.type === 'REFUND' && row.outcome === 'completed');
    const success = new Map<string, Record<FailureReason | 'completed', number>>();
    for (const row of outcomes.filter((r) => PAID_TYPES.has(r.type))) {
      const counts =
        success.get(row.method) ??
        ({ completed: 0, ...Object.fromEntries(failureReasons.map((reason) => [reason, 0])) } as Record<
          FailureReason | 'completed',
          number
        >);
      if (row.outcome in counts) counts[row.outcome as FailureReason | 'completed'] += row.payments;
      success.set(row.method, counts);
    }
    return {
      ...base,
      days,
      methods,
      total: kes(total),
      packages: packages.map((p) => ({
        packageId: p.packageId,
        name: p.name,
        count: p.count,
        amount: kes(p.cents),
      })),
      activePlayers: people.active,
      payers: people.payers,
      arpu: meanKes(total, people.active),
      arppu: meanKes(total, people.payers),
      firstTimePayers: firsts.reduce((sum, row) => sum + row.count, 0),
      firstTimePayersPerDay: daysBetween(period.from, period.to).map((day) => ({
        day,
        count: firstsByDay.get(day) ?? 0,
      })),
      refunds: {
        count: refunds.reduce((sum, row) => sum + row.payments, 0),
        amount: kes(refunds.reduce((sum, row) => sum + row.cents, 0n)),
      },
      success: [...success.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([method, counts]) => ({
          method,
          attempts: Object.values(counts).reduce((sum, count) => sum + count, 0),
          ...counts,
        })),
    };
  }

  async function games(query: InsightPeriodQuery): Promise<InsightGames> {
    const { period, base } = await answerBase(query);
    const [perGame, tournaments] = await Promise.all([
      repo.games(period),
      repo.tournaments(boundsOf(period.from).from, boundsOf(period.to).to),
    ]);
    return {
      ...base,
      games: perGame.map(({ timed, seconds, ...game }) => ({
        ...game,
        meanSeconds: timed === 0 ? null : Math.round(seconds / timed),
      })),
      tournaments: tournaments.map((t) => ({
        ...t,
        state: tournamentStates.find((state) => state === t.state) ?? 'ended',
      })),
    };
  }

  /** When activity was last folded in, null before the first run. */
  const foldedAt = async () => (await repo.foldedTo())?.toISOString() ?? null;

  return { refresh, foldedAt, activity, retention, funnel, money, games };
}

export type InsightService = ReturnType<typeof createInsightService>;
