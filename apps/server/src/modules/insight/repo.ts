import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';

// What the console's screens read: the summary tables alone, one period at a time (ADR 0067). The
// catalogue's names (games, packages) are read beside them: small tables, not activity.

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as Rows<T>).rows;
const n = (value: unknown) => Number(value ?? 0);

export interface Period {
  from: string;
  to: string;
}
const within = (column: SQL, { from, to }: Period) => sql`${column} between ${from}::date and ${to}::date`;
const MONEY_IN = sql`type in ('TOPUP', 'BOOST', 'SUBSCRIPTION') and outcome = 'completed' and method <> 'WALLET'`;

export function createInsightRepo(db: Db) {
  return {
    async foldedTo(): Promise<Date | null> {
      const [row] = await rowsOf<{ folded_to: string | Date }>(
        db,
        sql`select folded_to from insight_state where id = 'refresh'`,
      );
      return row ? new Date(row.folded_to) : null;
    },

    async daily(period: Period) {
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`select day::text as day, dau, wau, mau, new_players from insight_daily
          where ${within(sql`day`, period)} order by day`,
      );
      return rows.map((r) => ({
        day: String(r.day),
        dau: n(r.dau),
        wau: n(r.wau),
        mau: n(r.mau),
        newPlayers: n(r.new_players),
      }));
    },

    /** Distinct players active in the period, and those of them money came in from. */
    async activeAndPayers(period: Period) {
      const [row] = await rowsOf<{ active: unknown; payers: unknown }>(
        db,
        // A player counts once: on their first row of the period, whose previous day is before it.
        sql`select count(*) filter (where prev_day is null or prev_day < ${period.from}::date) as active,
            count(*) filter (where paid_cents > 0
              and (prev_paid_day is null or prev_paid_day < ${period.from}::date)) as payers
          from insight_player_days where ${within(sql`day`, period)}`,
      );
      return { active: n(row?.active), payers: n(row?.payers) };
    },

    /** Sign-up cohorts by week (or a game's, by first play of it) and who came back, of those due. */
    async cohorts(period: Period, countedBefore: string, gameId: number | null) {
      const [table, dayColumn, game] =
        gameId === null
          ? [sql`insight_players`, sql`signup_day`, sql`true`]
          : [sql`insight_player_games`, sql`first_day`, sql`game_id = ${gameId}`];
      const due = (days: number) => sql`${dayColumn} + ${days}::int < ${countedBefore}::date`;
      const mark = (days: number) => sql.raw(`back_day${days}`);
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`select date_trunc('week', ${dayColumn})::date::text as week, count(*) as players,
          ${sql.join(
            [1, 7, 30].map(
              (d) => sql`count(*) filter (where ${mark(d)} and ${due(d)}) as back${sql.raw(String(d))},
                count(*) filter (where ${due(d)}) as of${sql.raw(String(d))}`,
            ),
            sql`, `,
          )}
          from ${table} where ${game} and ${within(dayColumn, period)}
          group by 1 order by 1`,
      );
      return rows.map((r) => ({
        week: String(r.week),
        players: n(r.players),
        day1: { back: n(r.back1), of: n(r.of1) },
        day7: { back: n(r.back7), of: n(r.of7) },
        day30: { back: n(r.back30), of: n(r.of30) },
      }));
    },

    async funnel(period: Period) {
      const [row] = await rowsOf<Record<string, unknown>>(
        db,
        sql`select count(*) as signed_up,
          count(*) filter (where profile_complete) as profile_complete,
          count(*) filter (where profile_complete and first_play_day is not null) as first_game,
          count(*) filter (where profile_complete and first_play_day is not null
            and first_top_up_day is not null) as first_top_up,
          count(*) filter (where profile_complete and first_play_day is not null
            and first_top_up_day is not null and first_subscription_day is not null) as first_subscription
          from insight_players where ${within(sql`signup_day`, period)}`,
      );
      return {
        signedUp: n(row?.signed_up),
        profileComplete: n(row?.profile_complete),
        firstGame: n(row?.first_game),
        firstTopUp: n(row?.first_top_up),
        firstSubscription: n(row?.first_subscription),
      };
    },

    async moneyInPerDay(period: Period) {
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`select day::text as day, method, sum(cents) as cents from insight_payment_days
          where ${within(sql`day`, period)} and ${MONEY_IN} group by day, method order by day, method`,
      );
      return rows.map((r) => ({
        day: String(r.day),
        method: String(r.method),
        cents: BigInt(String(r.cents)),
      }));
    },

    async packagesSold(period: Period) {
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`select d.package_id, coalesce(p.name, '#' || d.package_id) as name, sum(d.payments) as count,
            sum(d.cents) as cents
          from insight_payment_days d left join subscription_packages p on p.id = d.package_id
          where ${within(sql`d.day`, period)} and d.type = 'SUBSCRIPTION' and d.outcome = 'completed'
          group by d.package_id, p.name order by sum(d.cents) desc, d.package_id`,
      );
      return rows.map((r) => ({
        packageId: n(r.package_id),
        name: String(r.name),
        count: n(r.count),
        cents: BigInt(String(r.cents)),
      }));
    },

    /** Subscriptions sold per day and package, whatever paid for them. */
    async packagesPerDay(period: Period) {
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`select day::text as day, package_id, sum(cents) as cents from insight_payment_days
          where ${within(sql`day`, period)} and type = 'SUBSCRIPTION' and outcome = 'completed'
          group by day, package_id order by day, package_id`,
      );
      return rows.map((r) => ({
        day: String(r.day),
        packageId: n(r.package_id),
        cents: BigInt(String(r.cents)),
      }));
    },

    async firstTimePayers(period: Period) {
      const rows = await rowsOf<{ day: string; count: unknown }>(
        db,
        sql`select first_paid_day::text as day, count(*) as count from insight_players
          where ${within(sql`first_paid_day`, period)} group by first_paid_day order by first_paid_day`,
      );
      return rows.map((r) => ({ day: String(r.day), count: n(r.count) }));
    },

    /** Payments started in the period by type, method and outcome. */
    async outcomes(period: Period) {
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`select type, method, outcome, sum(payments) as payments, sum(cents) as cents
          from insight_payment_days where ${within(sql`day`, period)}
          group by type, method, outcome order by type, method, outcome`,
      );
      return rows.map((r) => ({
        type: String(r.type),
        method: String(r.method),
        outcome: String(r.outcome),
        payments: n(r.payments),
        cents: BigInt(String(r.cents)),
      }));
    },

    async games(period: Period) {
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`select d.game_id, coalesce(g.name, '#' || d.game_id) as name, sum(d.plays) as plays,
            sum(d.players) as players, sum(d.finished) as finished, sum(d.timed) as timed,
            sum(d.seconds) as seconds
          from (
            select game_id, sum(plays) as plays,
              count(*) filter (where prev_day is null or prev_day < ${period.from}::date) as players,
              sum(finished) as finished, sum(timed) as timed, sum(seconds) as seconds
            from insight_game_days where ${within(sql`day`, period)} group by game_id
          ) d left join games g on g.id = d.game_id
          group by d.game_id, g.name order by sum(d.plays) desc, d.game_id`,
      );
      return rows.map((r) => ({
        gameId: n(r.game_id),
        name: String(r.name),
        plays: n(r.plays),
        players: n(r.players),
        finished: n(r.finished),
        timed: n(r.timed),
        seconds: n(r.seconds),
      }));
    },

    /** Tournaments running at any moment of the period (Nairobi days as instants). */
    async tournaments(from: Date, to: Date) {
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`select t.tournament_id, t.name, coalesce(g.name, '#' || t.game_id) as game, t.starts, t.ends,
            t.state, t.entries, t.plays, t.finished
          from insight_tournaments t left join games g on g.id = t.game_id
          where t.starts < ${to.toISOString()}::timestamptz and t.ends >= ${from.toISOString()}::timestamptz
          order by t.starts desc, t.tournament_id desc`,
      );
      return rows.map((r) => ({
        id: n(r.tournament_id),
        name: String(r.name),
        game: String(r.game),
        starts: new Date(r.starts as string).toISOString(),
        ends: new Date(r.ends as string).toISOString(),
        state: String(r.state),
        entries: n(r.entries),
        plays: n(r.plays),
        finished: n(r.finished),
      }));
    },

    async gameChoices() {
      const rows = await rowsOf<{ id: unknown; name: string }>(
        db,
        sql`select id, name from games order by name, id`,
      );
      return rows.map((r) => ({ id: n(r.id), name: String(r.name) }));
    },
  };
}

export type InsightRepo = ReturnType<typeof createInsightRepo>;
