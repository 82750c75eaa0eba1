import { requiredProfileFields } from '@playon/shared/profile-complete';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { paymentMessages } from '../payments/service.ts';
import { type DayBounds, nairobiDayOf } from './days.ts';

// The refresh job's SQL (ADR 0067). Insight sits above every module it counts and reads their
// tables by name, read-only, one Nairobi day at a time through each table's time index; nothing
// below it knows these tables exist.

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(tx: Db, query: SQL) => ((await tx.execute(query)) as unknown as Rows<T>).rows;

/** A timestamptz column's Nairobi day (UTC+3 all year). */
const nairobiDate = (column: SQL) => sql`((${column} at time zone 'UTC') + interval '3 hours')::date`;

/** A payment intent's outcome as the console groups failures. */
const outcome = sql`case
  when status = 'COMPLETED' then 'completed'
  when status in ('PENDING', 'IN_PROGRESS') then 'open'
  when status = 'CANCELLED' or result_code = 1032 then 'cancelled'
  when result_code = 1 or message = ${paymentMessages.cardInsufficientFunds} then 'noFunds'
  when result_code in (1037, 1019) then 'timeout'
  else 'other' end`;

/** What a player pays with: the payments that count as activity and as money in. */
const PAID_TYPES = sql`('TOPUP', 'BOOST', 'SUBSCRIPTION')`;

const profileComplete = sql.join(
  requiredProfileFields.map((field) =>
    field === 'dob' ? sql`pr.dob is not null` : sql`coalesce(pr.${sql.raw(field)}, '') <> ''`,
  ),
  sql` and `,
);

export function createFoldRepo() {
  return {
    /** Serializes runs: the recurring job and an operator's "Recount now" never fold at once. */
    async lock(tx: Db) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('insight.refresh', 0))`);
    },

    async state(tx: Db) {
      const [row] = await rowsOf<{ folded_to: string | Date; deep_day: string }>(
        tx,
        sql`select folded_to, deep_day::text as deep_day from insight_state where id = 'refresh'`,
      );
      return row ? { foldedTo: new Date(row.folded_to), deepDay: row.deep_day } : null;
    },

    async saveState(tx: Db, foldedTo: Date, deepDay: string, tookMs: number) {
      await tx.execute(sql`
        insert into insight_state (id, folded_to, deep_day, took_ms)
        values ('refresh', ${foldedTo.toISOString()}::timestamptz, ${deepDay}::date, ${tookMs})
        on conflict (id) do update set folded_to = excluded.folded_to, deep_day = excluded.deep_day,
          took_ms = excluded.took_ms`);
    },

    /** The first Nairobi day anything happened, for the first run's backfill. */
    async firstDay(tx: Db): Promise<string | null> {
      const [row] = await rowsOf<{ at: string | Date | null }>(
        tx,
        sql`select least(
          (select min(created_at) from auth_user),
          (select min(started_at) from play_sessions),
          (select min(created_at) from payment_intents),
          (select min(created_at) from chat_messages)) as at`,
      );
      return row?.at ? nairobiDayOf(new Date(row.at)) : null;
    },

    /** Players who signed up since `since` (all of them when null), and profiles changed since. */
    async foldPlayers(tx: Db, since: Date | null) {
      const after = since ? sql`>= ${since.toISOString()}::timestamptz` : sql`is not null`;
      await tx.execute(sql`
        insert into insight_players (uid, signup_day, profile_complete)
        select u.id, ${nairobiDate(sql`u.created_at`)}, coalesce(${profileComplete}, false)
        from auth_user u left join profiles pr on pr.uid = u.id
        where u.created_at ${after} and u.role = 'player'
        on conflict (uid) do nothing`);
      if (!since) return;
      // Only the rows that change: an update writes a new row version even when nothing changed.
      await tx.execute(sql`
        update insight_players p set profile_complete = not p.profile_complete
        from profiles pr where pr.uid = p.uid and pr.updated_at ${after}
          and p.profile_complete <> coalesce(${profileComplete}, false)`);
    },

    /** One day's activity, plays and payments, written anew. */
    async foldDay(tx: Db, { day, from, to }: DayBounds) {
      const lo = sql`${from.toISOString()}::timestamptz`;
      const hi = sql`${to.toISOString()}::timestamptz`;
      for (const table of ['insight_player_days', 'insight_game_days', 'insight_payment_days'])
        await tx.execute(sql`delete from ${sql.raw(table)} where day = ${day}::date`);
      await tx.execute(sql`
        insert into insight_player_days
          (day, uid, plays, payments, top_ups, subscriptions, messages, paid_cents, prev_day, prev_paid_day)
        select ${day}::date, a.uid, sum(a.plays), sum(a.payments), sum(a.top_ups), sum(a.subscriptions),
          sum(a.messages), sum(a.paid),
          (select max(b.day) from insight_player_days b where b.uid = a.uid and b.day < ${day}::date),
          (select max(b.day) from insight_player_days b
            where b.uid = a.uid and b.day < ${day}::date and b.paid_cents > 0)
        from (
          select uid, count(*) as plays, 0::bigint as payments, 0::bigint as top_ups,
            0::bigint as subscriptions, 0::bigint as messages, 0::bigint as paid
          from play_sessions where started_at >= ${lo} and started_at < ${hi} group by uid
          union all
          select player_uid, 0, count(*), count(*) filter (where type = 'TOPUP'),
            count(*) filter (where type = 'SUBSCRIPTION'), 0,
            coalesce(sum(amount_cents) filter (where method_code <> 'WALLET'), 0)
          from payment_intents
          where created_at >= ${lo} and created_at < ${hi} and status = 'COMPLETED' and type in ${PAID_TYPES}
          group by player_uid
          union all
          select uid, 0, 0, 0, 0, count(*), 0
          from chat_messages where created_at >= ${lo} and created_at < ${hi} group by uid
        ) a
        join insight_players p on p.uid = a.uid
        group by a.uid`);
      // Offline runs are left out of the time: their start is when the run was handed out (ADR 0065).
      await tx.execute(sql`
        insert into insight_game_days (day, game_id, uid, plays, finished, timed, seconds, prev_day)
        select ${day}::date, s.game_id, s.uid, count(*), count(s.reported_at),
          count(s.reported_at) filter (where not s.offline),
          coalesce(round(sum(extract(epoch from least(s.reported_at, s.expires_at) - s.started_at))
            filter (where s.reported_at is not null and not s.offline)), 0),
          (select max(b.day) from insight_game_days b
            where b.uid = s.uid and b.game_id = s.game_id and b.day < ${day}::date)
        from play_sessions s join insight_players p on p.uid = s.uid
        where s.started_at >= ${lo} and s.started_at < ${hi}
        group by s.game_id, s.uid`);
      await tx.execute(sql`
        insert into insight_payment_days (day, type, method, package_id, outcome, payments, cents)
        select ${day}::date, type, method_code, package_id, outcome, count(*), sum(amount_cents)
        from (
          select type, method_code, coalesce(package_id, 0) as package_id, ${outcome} as outcome, amount_cents
          from payment_intents where created_at >= ${lo} and created_at < ${hi}
        ) i
        group by type, method_code, package_id, outcome`);
    },

    /** The funnel's first days and the back-on-day-N marks that `day`'s activity settles. */
    async foldFirstsAndReturns(tx: Db, day: string) {
      const d = sql`${day}::date`;
      await tx.execute(sql`
        update insight_players p set
          first_play_day = case when a.plays > 0 then least(p.first_play_day, a.day) else p.first_play_day end,
          first_top_up_day = case when a.top_ups > 0 then least(p.first_top_up_day, a.day) else p.first_top_up_day end,
          first_subscription_day = case when a.subscriptions > 0
            then least(p.first_subscription_day, a.day) else p.first_subscription_day end,
          first_paid_day = case when a.paid_cents > 0 then least(p.first_paid_day, a.day) else p.first_paid_day end
        from insight_player_days a where a.day = ${d} and a.uid = p.uid
          and ((a.plays > 0 and (p.first_play_day is null or p.first_play_day > a.day))
            or (a.top_ups > 0 and (p.first_top_up_day is null or p.first_top_up_day > a.day))
            or (a.subscriptions > 0 and (p.first_subscription_day is null or p.first_subscription_day > a.day))
            or (a.paid_cents > 0 and (p.first_paid_day is null or p.first_paid_day > a.day)))`);
      await tx.execute(sql`
        insert into insight_player_games (uid, game_id, first_day)
        select uid, game_id, day from insight_game_days where day = ${d}
        on conflict (uid, game_id) do update set first_day = excluded.first_day
          where insight_player_games.first_day > excluded.first_day`);
      for (const n of [1, 7, 30]) {
        const back = sql.raw(`back_day${n}`);
        // Flipped only where it differs, so a day refolded unchanged writes nothing.
        await tx.execute(sql`
          update insight_players p set ${back} = not p.${back}
          where p.signup_day = ${d} - ${n}::int and p.${back} <> exists (
            select 1 from insight_player_days a where a.day = ${d} and a.uid = p.uid)`);
        await tx.execute(sql`
          update insight_player_games g set ${back} = not g.${back}
          where g.first_day = ${d} - ${n}::int and g.${back} <> exists (
            select 1 from insight_game_days a where a.day = ${d} and a.game_id = g.game_id and a.uid = g.uid)`);
      }
    },

    /**
     * DAU, WAU, MAU and sign-ups of every day from `first` to `last`, in one pass. Each active day
     * of a player covers the 7 (30) days from it, less those the player's day before already
     * covered: those spans do not overlap, so a day's WAU (MAU) is the spans open on it, counted
     * as +1 where one starts and -1 after it ends. Spans are cut at `first`, so only the 29 days
     * before it are read.
     */
    async foldDaily(tx: Db, first: string, last: string) {
      const a = sql`${first}::date`;
      const b = sql`${last}::date`;
      const spans = (days: number, column: 'w' | 'm') => {
        const [plus, minus] = column === 'w' ? [sql`1, 0`, sql`-1, 0`] : [sql`0, 1`, sql`0, -1`];
        return sql`
          select greatest(day, coalesce(prev + ${days}::int, day), ${a}) as at, ${plus} from r
            where day + ${days - 1}::int >= ${a}
          union all
          select day + ${days}::int, ${minus} from r where day + ${days - 1}::int >= ${a}`;
      };
      await tx.execute(sql`
        insert into insight_daily (day, dau, wau, mau, new_players)
        with r as (
          select day, lag(day) over (partition by uid order by day) as prev
          from insight_player_days where day between ${a} - 29 and ${b}
        ),
        e(at, w, m) as (${spans(7, 'w')} union all ${spans(30, 'm')}),
        deltas as (select at, sum(w) as w, sum(m) as m from e where at <= ${b} group by at),
        dau as (select day, count(*) as n from insight_player_days where day between ${a} and ${b} group by day),
        joined as (
          select signup_day as day, count(*) as n from insight_players
          where signup_day between ${a} and ${b} group by signup_day
        )
        select g.day, coalesce(dau.n, 0),
          sum(coalesce(deltas.w, 0)) over (order by g.day), sum(coalesce(deltas.m, 0)) over (order by g.day),
          coalesce(joined.n, 0)
        from (select generate_series(${a}, ${b}, interval '1 day')::date as day) g
        left join deltas on deltas.at = g.day
        left join dau on dau.day = g.day
        left join joined on joined.day = g.day
        on conflict (day) do update set dau = excluded.dau, wau = excluded.wau, mau = excluded.mau,
          new_players = excluded.new_players`);
    },

    /** Tournaments that ended since `since` or are not final yet: their state, entries and plays. */
    async foldTournaments(tx: Db, since: Date | null, now: Date) {
      const at = sql`${now.toISOString()}::timestamptz`;
      const open = since
        ? sql`t.ends >= ${since.toISOString()}::timestamptz or t.id not in (
            select tournament_id from insight_tournaments where state in ('ranked', 'cancelled'))`
        : sql`true`;
      await tx.execute(sql`
        insert into insight_tournaments (tournament_id, name, game_id, starts, ends, state, entries, plays, finished)
        select t.id, t.name, t.game_id, t.starts, t.ends,
          case when t.cancelled_at is not null then 'cancelled' when t.ranked_at is not null then 'ranked'
            when t.ends <= ${at} then 'ended' when t.starts <= ${at} then 'running' else 'upcoming' end,
          t.entries, coalesce(s.plays, 0), coalesce(s.finished, 0)
        from tournaments t
        left join lateral (
          select count(*) as plays, count(reported_at) as finished from play_sessions
          where game_id = t.game_id and started_at >= t.starts and started_at <= t.ends and tournament_id = t.id
        ) s on true
        where ${open}
        on conflict (tournament_id) do update set name = excluded.name, game_id = excluded.game_id,
          starts = excluded.starts, ends = excluded.ends, state = excluded.state, entries = excluded.entries,
          plays = excluded.plays, finished = excluded.finished`);
    },
  };
}

export type FoldRepo = ReturnType<typeof createFoldRepo>;
