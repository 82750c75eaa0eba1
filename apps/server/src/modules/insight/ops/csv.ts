import type { InsightCsvQuery } from '@playon/shared/ops-insight';
import { toCsv } from '../../../platform/csv.ts';
import type { InsightService } from '../service.ts';

const share = (back: number, of: number) => (of === 0 ? '' : (back / of).toFixed(4));

/** Each Insight screen's figures as a CSV (days are Nairobi's; amounts KES). */
export async function insightCsv(insight: InsightService, query: InsightCsvQuery): Promise<string> {
  switch (query.report) {
    case 'activity': {
      const answer = await insight.activity(query);
      return toCsv(
        ['day (Africa/Nairobi)', 'DAU', 'WAU', 'MAU', 'DAU/MAU', 'new players'],
        answer.days.map((d) => [d.day, d.dau, d.wau, d.mau, share(d.dau, d.mau), d.newPlayers]),
      );
    }
    case 'retention': {
      const answer = await insight.retention(query);
      return toCsv(
        [
          'week (Monday)',
          'players',
          'back day 1',
          'due day 1',
          'back day 7',
          'due day 7',
          'back day 30',
          'due day 30',
        ],
        answer.cohorts.map((c) => [
          c.week,
          c.players,
          c.day1.back,
          c.day1.of,
          c.day7.back,
          c.day7.of,
          c.day30.back,
          c.day30.of,
        ]),
      );
    }
    case 'funnel': {
      const answer = await insight.funnel(query);
      return toCsv(
        ['step', 'players'],
        answer.steps.map((s) => [s.step, s.players]),
      );
    }
    case 'money': {
      const answer = await insight.money(query);
      return toCsv(
        [
          'day (Africa/Nairobi)',
          'money in KES',
          ...answer.methods.map((m) => `${m} KES`),
          'first-time payers',
          ...answer.packages.map((p) => `subscriptions sold: ${p.name} KES`),
        ],
        answer.days.map((d, i) => [
          d.day,
          d.total.toFixed(2),
          ...answer.methods.map((m) => (d.byMethod[m] ?? 0).toFixed(2)),
          answer.firstTimePayersPerDay[i]?.count ?? 0,
          ...answer.packages.map((p) => (d.byPackage[String(p.packageId)] ?? 0).toFixed(2)),
        ]),
      );
    }
    case 'games': {
      const answer = await insight.games(query);
      return toCsv(
        ['game', 'plays', 'players', 'finished plays', 'mean seconds'],
        answer.games.map((g) => [g.name, g.plays, g.players, g.finished, g.meanSeconds]),
      );
    }
  }
}
