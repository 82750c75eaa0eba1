// Insight at a million players (ADR 0067): the refresh job's first run (everything since the first
// sign-up), its run every few minutes (the last days again), its first run of a day (the last 35
// days), and each console screen's answer time from the summary tables. The activity is generated in
// PostgreSQL with generate_series: players signed up over 90 days, about 3 % of them playing on each
// of the last 40 days (two plays each), 0.5 % paying (with failures of every kind), 1 % chatting.
// One day's DAU is checked against a count of the raw tables.
// Usage: node bench/insight.ts [players=1000000] [days=40]   (PostgreSQL at BENCH_PG_URL)
// Ends with one line: insight: players=… first_run_ms=… refresh_ms=… deep_ms=… <screen>_p99_ms=…
import { loadavg } from 'node:os';
import pg from 'pg';
import { createInsightService } from '../apps/server/src/modules/insight/service.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';

/**
 * Goals: a run every 5 minutes takes at most a fifth of its period; the day's deep run ends before
 * the next run is due; a console screen answers within a second.
 */
const GOAL = { refreshMs: 60_000, deepMs: 300_000, screenP99Ms: 1_000 };
const players = Number(process.argv[2] ?? 1_000_000);
const days = Number(process.argv[3] ?? 40);
const SAMPLES = 20;
const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = 'playon_bench_insight';

const url = new URL(admin);
url.pathname = `/${name}`;
const adminClient = new pg.Client({ connectionString: admin });
await adminClient.connect();
await adminClient.query(`drop database if exists ${name} with (force)`);
await adminClient.query(`create database ${name}`);
await adminClient.end();
const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 4 });
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();

const timed = async <T>(label: string, work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  console.log(`${label}: ${(ms / 1000).toFixed(1)} s`);
  return { result, ms };
};

/** A player's pseudo-random draw of 0..99 for day d, the same at every run. */
const draw = (salt: number) => `((p.i::bigint * 2654435761 + d.d * ${salt}) % 100)`;
const dayStart = `(date_trunc('day', now() at time zone 'UTC' + interval '3 hours') - interval '3 hours') at time zone 'UTC'`;

await timed(`generated ${players.toLocaleString('en-GB')} players and ${days} days of activity`, async () => {
  await client.query(`
    insert into auth_user (id, name, email, created_at, updated_at, role)
    select 'bp' || i, 'Player ' || i, 'bp' || i || '@bench.local', at, at, 'player'
    from (select i, now() - ((i % 90) * interval '1 day') - ((i::bigint * 7919 % 86400) * interval '1 second') as at
      from generate_series(1, ${players}) i) s`);
  await client.query(`
    insert into profiles (uid, referral_code, name, username, email, dob, gender, phone, created_at, updated_at)
    select 'bp' || i, 'R' || i, 'Player ' || i, 'u' || i, 'bp' || i || '@bench.local',
      case when i % 10 < 7 then date '2000-01-01' end, case when i % 10 < 7 then 'MALE' end,
      case when i % 10 < 7 then '07' || lpad((i % 100000000)::text, 8, '0') end, now(), now()
    from generate_series(1, ${players}) i`);
  await client.query(`
    insert into games (slug, name, package_id, description, game_url, game_icon, max_points, max_points_per_second)
    select 'bench-' || g, 'Bench game ' || g, 'com.playon.bench' || g, 'Bench', '/play/b' || g || '/', '/i.svg', 100000, 1000
    from generate_series(1, 4) g`);
  await client.query(
    `insert into chat_rooms (chat_room_uid, name, icon) values ('bench-room', 'Bench', '/i.svg')`,
  );
  const [{ id: firstGame }] = (await client.query('select min(id) as id from games')).rows;
  const [{ id: room }] = (await client.query(`select id from chat_rooms where chat_room_uid = 'bench-room'`))
    .rows;
  const [{ id: pkg }] = (
    await client.query(
      `insert into subscription_packages (name, description, amount_cents) values ('Bench day', 'Bench', 2000) returning id`,
    )
  ).rows;
  // Each day's players: signed up by then (i % 90 days ago or earlier), drawn per day.
  const eligible = (salt: number, percent: string) =>
    `from generate_series(0, ${days - 1}) d(d) cross join generate_series(1, ${players}) p(i)
     where p.i % 90 >= d.d and ${draw(salt)} < ${percent}`;
  await client.query(`
    insert into play_sessions (uid, game_id, started_at, expires_at, reported_at, points_hundredths)
    select 'bp' || p.i, ${firstGame} + (p.i + d.d + k.k) % 4, s.at, s.at + interval '1 hour',
      case when (p.i + d.d + k.k) % 10 <> 0 then s.at + ((20 + p.i % 120) * interval '1 second') end,
      case when (p.i + d.d + k.k) % 10 <> 0 then 100 end
    ${eligible(40503, '3').replace(
      'where',
      `cross join generate_series(0, 1) k(k)
       cross join lateral (select ${dayStart} - d.d * interval '1 day'
         + (((p.i * 13 + d.d * 17 + k.k * 3600) % 80000) * interval '1 second') as at) s
       where`,
    )}
      and s.at < now()`);
  await client.query(`
    insert into payment_intents (player_uid, wallet_uid, type, method_code, status, amount_cents, result_code, package_id, created_at, updated_at)
    select 'bp' || p.i, 'bp' || p.i,
      case when p.i % 5 = 0 then 'SUBSCRIPTION' else 'TOPUP' end,
      case when p.i % 4 = 0 then 'CARD' else 'MPESA' end,
      case when r < 75 then 'COMPLETED' when r < 85 then 'CANCELLED' when r < 98 then 'ERROR' else 'PENDING' end,
      (100 + p.i % 900) * 100,
      case when r < 75 then 0 when r < 85 then 1032 when r < 90 then 1 when r < 95 then 1037 when r < 98 then 2001 end,
      case when p.i % 5 = 0 then ${pkg} end, at, at
    from (select p.i, d.d, ${draw(7)} as r, ${dayStart} - d.d * interval '1 day' + ((p.i * 31 % 80000) * interval '1 second') as at
      ${eligible(90001, '0.5')}) p
    where at < now()`);
  await client.query(`
    insert into chat_messages (room_id, uid, message, chat_type, created_at, updated_at)
    select ${room}, 'bp' || p.i, 'hi', 'TEXT', at, at
    from (select p.i, ${dayStart} - d.d * interval '1 day' + ((p.i * 37 % 80000) * interval '1 second') as at
      ${eligible(123457, '1')}) p
    where at < now()`);
  await client.query('analyze');
});

const counts = (
  await client.query(`select
  (select count(*) from play_sessions) as plays, (select count(*) from payment_intents) as payments,
  (select count(*) from chat_messages) as messages`)
).rows[0];
console.log(
  `rows: ${Number(counts.plays).toLocaleString('en-GB')} plays, ${Number(counts.payments).toLocaleString('en-GB')} payments, ${Number(counts.messages).toLocaleString('en-GB')} chat messages`,
);

const insight = createInsightService(database.db);
const first = await timed('first run (everything since the first sign-up)', () => insight.refresh());
console.log(`  folded ${first.result.days} days; ms by part: ${JSON.stringify(first.result.steps)}`);
await insight.refresh();
const refresh = await timed('run every 5 minutes (the last days again)', () => insight.refresh());
console.log(`  folded ${refresh.result.days} days; ms by part: ${JSON.stringify(refresh.result.steps)}`);
await client.query(`update insight_state set deep_day = deep_day - 1`);
const deep = await timed('first run of a Nairobi day (the last 35 days)', () => insight.refresh());
console.log(`  folded ${deep.result.days} days; ms by part: ${JSON.stringify(deep.result.steps)}`);

// One day's DAU against the raw tables.
const yesterday = (
  await client.query(`select ((now() at time zone 'UTC') + interval '3 hours')::date - 1 as day`)
).rows[0].day;
const check = (
  await client.query(
    `select (select dau from insight_daily where day = $1::date) as folded, (select count(*) from (
     select uid from play_sessions where started_at >= ($1::date - interval '3 hours') at time zone 'UTC' and started_at < ($1::date + interval '21 hours') at time zone 'UTC'
     union select player_uid from payment_intents where status = 'COMPLETED' and type in ('TOPUP', 'BOOST', 'SUBSCRIPTION') and created_at >= ($1::date - interval '3 hours') at time zone 'UTC' and created_at < ($1::date + interval '21 hours') at time zone 'UTC'
     union select uid from chat_messages where created_at >= ($1::date - interval '3 hours') at time zone 'UTC' and created_at < ($1::date + interval '21 hours') at time zone 'UTC') a) as raw`,
    [yesterday],
  )
).rows[0];
if (Number(check.folded) !== Number(check.raw))
  throw new Error(`DAU ${check.folded} folded, ${check.raw} in the raw tables`);
console.log(`yesterday's DAU: ${Number(check.folded).toLocaleString('en-GB')}, as the raw tables count it`);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const screens = {
  activity: () => insight.activity({}),
  retention: () => insight.retention({}),
  funnel: () => insight.funnel({}),
  money: () => insight.money({}),
  games: () => insight.games({}),
} as const;
const p99 = {} as Record<keyof typeof screens, number>;
console.log('| screen (last 30 days) | p50 | p99 |');
for (const [screen, read] of Object.entries(screens) as [keyof typeof screens, () => Promise<unknown>][]) {
  await read();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  p99[screen] = percentile(times, 99);
  console.log(`| ${screen} | ${percentile(times, 50).toFixed(1)} ms | ${p99[screen].toFixed(1)} ms |`);
}
console.log(
  `load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);

await client.end();
await database.close();
const worstScreen = Math.max(...Object.values(p99));
const met = refresh.ms <= GOAL.refreshMs && deep.ms <= GOAL.deepMs && worstScreen <= GOAL.screenP99Ms;
console.log(
  `insight: players=${players} days=${days} first_run_ms=${Math.round(first.ms)} refresh_ms=${Math.round(refresh.ms)} deep_ms=${Math.round(deep.ms)} ${Object.entries(
    p99,
  )
    .map(([screen, ms]) => `${screen}_p99_ms=${ms.toFixed(1)}`)
    .join(' ')} goal=${met ? 'met' : 'missed'}`,
);
if (!met) process.exitCode = 1;
