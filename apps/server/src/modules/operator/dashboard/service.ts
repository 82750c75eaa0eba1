import { DASHBOARD_DAYS, type Dashboard, type MethodTotal } from '@playon/shared/ops-dashboard';

/** Nairobi's clock: UTC+3 all year (Kenya keeps no daylight saving), so a day is a fixed span. */
export const NAIROBI_OFFSET_MINUTES = 180;
const DAY_MS = 24 * 3_600_000;

/**
 * What the dashboard gathers, each from its module's service (filled in app.ts): the dashboard
 * module runs no SQL of its own and no module depends on it.
 */
export interface DashboardSources {
  signUpsPerDay(since: Date, offsetMinutes: number): Promise<{ day: string; count: number }[]>;
  moneyPerDay(
    since: Date,
    offsetMinutes: number,
  ): Promise<{ day: string; direction: 'in' | 'out'; method: string; cents: bigint; count: number }[]>;
  openPayments(): Promise<{ open: number; stuck: number }>;
  unansweredFeedback(): Promise<number>;
  runningTournaments(at: Date): Promise<number>;
}

const kes = (cents: bigint) => Number(cents) / 100;

/** The last `DASHBOARD_DAYS` days of Nairobi's calendar, today last, and when the first began. */
export function nairobiDays(at: Date) {
  const offsetMs = NAIROBI_OFFSET_MINUTES * 60_000;
  const today = Math.floor((at.getTime() + offsetMs) / DAY_MS) * DAY_MS;
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    new Date(today - (DASHBOARD_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  return { days, since: new Date(today - (DASHBOARD_DAYS - 1) * DAY_MS - offsetMs) };
}

/** The console's dashboard: one read of every module's figures for the last days. */
export function createDashboard(sources: DashboardSources, now: () => Date = () => new Date()) {
  async function read(): Promise<Dashboard> {
    const at = now();
    const { days, since } = nairobiDays(at);
    const today = days.at(-1) as string;
    const [signUps, money, payments, unanswered, running] = await Promise.all([
      sources.signUpsPerDay(since, NAIROBI_OFFSET_MINUTES),
      sources.moneyPerDay(since, NAIROBI_OFFSET_MINUTES),
      sources.openPayments(),
      sources.unansweredFeedback(),
      sources.runningTournaments(at),
    ]);

    const signUpsOf = new Map(signUps.map((row) => [row.day, row.count]));
    const perDay = days.map((day) => ({ day, count: signUpsOf.get(day) ?? 0 }));

    const byMethod = (direction: 'in' | 'out'): MethodTotal[] =>
      money
        .filter((row) => row.day === today && row.direction === direction)
        .map((row) => ({ method: row.method, amount: kes(row.cents), count: row.count }))
        .sort((a, b) => b.amount - a.amount || a.method.localeCompare(b.method));
    const dayTotal = (day: string, direction: 'in' | 'out') =>
      kes(
        money
          .filter((row) => row.day === day && row.direction === direction)
          .reduce((sum, row) => sum + row.cents, 0n),
      );

    return {
      at: at.toISOString(),
      signUps: {
        today: signUpsOf.get(today) ?? 0,
        last7Days: perDay.reduce((sum, row) => sum + row.count, 0),
        perDay,
      },
      money: {
        inToday: byMethod('in'),
        outToday: byMethod('out'),
        perDay: days.map((day) => ({ day, in: dayTotal(day, 'in'), out: dayTotal(day, 'out') })),
      },
      payments,
      feedback: { unanswered },
      tournaments: { running },
    };
  }

  return { read };
}

export type DashboardService = ReturnType<typeof createDashboard>;
