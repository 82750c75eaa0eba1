// A tournament with a million players, through the real service functions on PostgreSQL: reading
// leaderboard pages (early and deep), a player's rank, a score report (a play session started and
// claimed, the best raised, the rank read, in one transaction) and reports per second from many
// clients at once. The players and their scores are bulk-inserted in SQL first.
// Usage: node bench/leaderboard.ts [players=1000000] [clients=32] [seconds=10]   (PostgreSQL at BENCH_PG_URL)
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { findUser } from '../apps/server/src/modules/auth/repo.ts';
import { createGameService, games as gamesTable } from '../apps/server/src/modules/games/service.ts';
import { createProfileService } from '../apps/server/src/modules/profile/service.ts';
import { createReferenceService } from '../apps/server/src/modules/reference/service.ts';
import { createSubscriptionService } from '../apps/server/src/modules/subscriptions/service.ts';
import {
  createTournamentPlayRule,
  createTournamentService,
} from '../apps/server/src/modules/tournaments/service.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';

const players = Number(process.argv[2] ?? 1_000_000);
const clients = Number(process.argv[3] ?? 32);
const seconds = Number(process.argv[4] ?? 10);
const SAMPLES = 300;
const PAGE_SIZE = 15;
const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = 'playon_bench_leaderboard';

const url = new URL(admin);
url.pathname = `/${name}`;
const adminClient = new pg.Client({ connectionString: admin });
await adminClient.connect();
await adminClient.query(`drop database if exists ${name} with (force)`);
await adminClient.query(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: url.toString() });
const { db } = database;

const quiet = { info() {}, warn() {}, error() {} };
const subscriptions = createSubscriptionService({ db });
const profiles = createProfileService({
  db,
  auth: { findUser: (uid) => findUser(db, uid) },
  reference: createReferenceService(db),
});
const games = createGameService({
  db,
  secret: 'bench-secret-bench-secret-bench-secret',
  gamesDir: 'games',
  log: quiet,
  hasActiveSubscription: (uid, at) => subscriptions.hasActiveSubscription(uid, at),
  assertTournamentPlayable: createTournamentPlayRule(db).assertPlayable,
});
const tournaments = createTournamentService({ db, games, subscriptions, players: profiles, log: quiet });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const pick = (count: number) => Math.floor(Math.random() * count);
const uidOf = (index: number) => `bench-${index + 1}`;
const points = () => Math.round(Math.random() * 10_000_000) / 100;

async function timed(samples: number, work: () => Promise<unknown>) {
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await work();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), n: samples };
}

async function report(tournamentId: number, gameId: number, uid: string) {
  const play = await games.startPlay(uid, gameId, tournamentId);
  return tournaments.reportScore(uid, tournamentId, { session: play.session, points: points() });
}

/** `clients` players each starting a play and reporting it, again and again, for `seconds`. */
async function throughput(tournamentId: number, gameId: number) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        await report(tournamentId, gameId, uidOf(pick(players)));
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** The game, the tournament and its players with their scores, in bulk SQL. */
async function createBenchData() {
  const [game] = await db
    .insert(gamesTable)
    .values({
      slug: 'bench',
      name: 'Bench Game',
      packageId: 'com.playon.bench',
      description: 'The bench game.',
      gameUrl: '/play/bench/',
      gameIcon: '/play/bench/icon.svg',
      maxPoints: 100_000,
      maxPointsPerSecond: 100_000,
    })
    .returning();
  const gameId = game?.id as number;
  const packageId = new Map(
    (await subscriptions.listPackages()).map((item) => [item.name as string, item.id]),
  );
  const prize = (packageName: string) => packageId.get(packageName) as number;
  const now = Date.now();
  const cup = await tournaments.createTournament({
    name: 'Bench Cup',
    description: 'A million players.',
    starts: new Date(now - 86_400_000),
    ends: new Date(now + 6 * 86_400_000),
    gameId,
    prizes: { Gold: prize('Platinum'), Silver: prize('Gold'), Bronze: prize('Silver') },
  });
  await db.execute(sql`
    insert into auth_user (id, name, email)
    select 'bench-' || g, 'Bench player ' || g, 'bench-' || g || '@example.com' from generate_series(1, ${players}) g`);
  await db.execute(sql`
    insert into profiles (uid, name, username, email, referral_code)
    select 'bench-' || g, 'Bench player ' || g, 'bench_' || g, 'bench-' || g || '@example.com', 'BENCH' || g
    from generate_series(1, ${players}) g`);
  await db.execute(sql`
    insert into tournament_scores (tournament_id, uid, points_hundredths, achieved_at)
    select ${cup.id}, 'bench-' || g, floor(random() * 10000000)::int, now() - random() * interval '1 day'
    from generate_series(1, ${players}) g`);
  await db.execute(sql`vacuum analyze`);
  return { tournamentId: cup.id, gameId };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

try {
  const started = performance.now();
  await subscriptions.seed();
  const { tournamentId, gameId } = await createBenchData();
  const loadSeconds = (performance.now() - started) / 1000;
  const lastPage = Math.ceil(players / PAGE_SIZE) - 1;
  const page = (which: number) =>
    tournaments.leaderboardPage(tournamentId, { page: which, pageSize: PAGE_SIZE });

  const early = await timed(SAMPLES, () => page(pick(10)));
  const deep = await timed(SAMPLES, () => page(pick(lastPage + 1)));
  const rank = await timed(SAMPLES, () => tournaments.ownRank(tournamentId, uidOf(pick(players))));
  const leaders = (await tournaments.leaderboardPage(tournamentId, { page: 0, pageSize: 100 })).content;
  const leaderRank = await timed(SAMPLES, () =>
    tournaments.ownRank(tournamentId, leaders[pick(leaders.length)]?.userId as string),
  );
  const submit = await timed(SAMPLES, () => report(tournamentId, gameId, uidOf(pick(players))));
  const leaderSubmit = await timed(SAMPLES, () =>
    report(tournamentId, gameId, leaders[pick(leaders.length)]?.userId as string),
  );
  const many = await throughput(tournamentId, gameId);
  const version = (await adminClient.query('show server_version')).rows[0]?.server_version;

  console.log(
    `leaderboard bench: ${players.toLocaleString('en-US')} players in one tournament, PostgreSQL ${version}; loaded in ${loadSeconds.toFixed(0)} s`,
  );
  console.table({
    'page 0-9 (15 entries + total)': { p50: ms(early.p50), p99: ms(early.p99), samples: early.n },
    'any page, up to the last': { p50: ms(deep.p50), p99: ms(deep.p99), samples: deep.n },
    "a random player's rank (+ total)": { p50: ms(rank.p50), p99: ms(rank.p99), samples: rank.n },
    "a top-100 player's rank (+ total)": {
      p50: ms(leaderRank.p50),
      p99: ms(leaderRank.p99),
      samples: leaderRank.n,
    },
    'start play + report (1 client)': { p50: ms(submit.p50), p99: ms(submit.p99), samples: submit.n },
    'start play + report, a top-100 player': {
      p50: ms(leaderSubmit.p50),
      p99: ms(leaderSubmit.p99),
      samples: leaderSubmit.n,
    },
    [`start play + report (${clients} clients)`]: {
      p50: ms(many.p50),
      p99: ms(many.p99),
      samples: `${many.perSecond.toFixed(0)}/s`,
    },
  });
} finally {
  await database.close();
  // pool.end() resolves while its connections are still closing: a forced drop now would cut them.
  for (let wait = 0; wait < 100; wait++) {
    const active = await adminClient.query(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (active.rows[0]?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await adminClient.query(`drop database if exists ${name} with (force)`);
  await adminClient.end();
}
