import type {
  InsightActivity,
  InsightFunnel,
  InsightGames,
  InsightMoney,
  InsightRetention,
} from '@playon/shared/ops-insight';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** A period of Nairobi days (YYYY-MM-DD); the server's 30 days up to today when left out. */
export interface InsightPeriod {
  from?: string | undefined;
  to?: string | undefined;
}

interface Answers {
  activity: InsightActivity;
  retention: InsightRetention;
  funnel: InsightFunnel;
  money: InsightMoney;
  games: InsightGames;
}

/** GET /api/ops/insight/<report>: one report's figures for a period, from the summary tables. */
export function useInsight<R extends keyof Answers>(
  report: R,
  period: InsightPeriod,
  extra: { gameId?: number | undefined } = {},
) {
  const query = { ...period, ...extra };
  return useQuery({
    queryKey: opsKeys.insight(report, query),
    queryFn: () => opsGet<Answers[R]>(`/insight/${report}`, query),
    // The figures change every few minutes, when the job recounts; a new period keeps the old on screen.
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}
