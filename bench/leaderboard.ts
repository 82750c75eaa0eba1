// A tournament with a million players, on both rank stores (ADR 0029): the in-process skip list and,
// with BENCH_REDIS_URL, Redis sorted sets. Through the tournaments service (no HTTP): leaderboard
// pages (early and deep), a player's rank, score reports from one client and from many at once;
// each answer checked against PostgreSQL's own queries on a sample. Then the same through HTTP
// against one server process (apps/server/src/main.ts), and last the ranking job at the tournament's
// end. The players, their scores and the play sessions the reports spend are bulk-inserted in SQL.
// Usage: node bench/leaderboard.ts [players=1000000] [clients=32] [seconds=10]
//   (PostgreSQL at BENCH_PG_URL, Redis at BENCH_REDIS_URL: without it only the memory store runs;
//   BENCH_SERVER_FLAGS, e.g. --trace-gc, are given to the HTTP phase's server, whose output goes to
//   BENCH_SERVER_LOG when set)
// Ends with one line per back end: leaderboard: backend=… rank_p99_ms=… page_p99_ms=… reports_per_s=…
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { findUser } from '../apps/server/src/modules/auth/repo.ts';
import { createAuthService } from '../apps/server/src/modules/auth/service.ts';
import { createPlayTokens } from '../apps/server/src/modules/games/play-token.ts';
import { createGameService, games as gamesTable } from '../apps/server/src/modules/games/service.ts';
import type { Notifier } from '../apps/server/src/modules/notifications/service.ts';
import { createProfileService } from '../apps/server/src/modules/profile/service.ts';
import { createReferenceService } from '../apps/server/src/modules/reference/service.ts';
import { createSubscriptionService } from '../apps/server/src/modules/subscriptions/service.ts';
import { createMemoryRankStore } from '../apps/server/src/modules/tournaments/ranks/memory-store.ts';
import type { RankStore } from '../apps/server/src/modules/tournaments/ranks/rank-store.ts';
import { createRedisRankStore } from '../apps/server/src/modules/tournaments/ranks/redis-store.ts';
import { createTournamentRepo } from '../apps/server/src/modules/tournaments/repo.ts';
import {
  createTournamentPlayRule,
  createTournamentService,
} from '../apps/server/src/modules/tournaments/service.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { createMailer } from '../apps/server/src/platform/mail.ts';

/** The goals at 1,000,000 entries: a random player's rank, any page, reports at 32 clients. */
const GOAL = { rankP99Ms: 5, pageP99Ms: 10, reportsPerS: 5_000 };
const players = Number(process.argv[2] ?? 1_000_000);
const clients = Number(process.argv[3] ?? 32);
const seconds = Number(process.argv[4] ?? 10);
const SAMPLES = 300;
/** Answers compared with PostgreSQL's own (a rank counted in SQL costs up to 200 ms at this size). */
const CHECKS = 40;
const PAGE_SIZE = 15;
/** Players with an access token, who report over HTTP. */
const HTTP_PLAYERS = 2000;
const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL;
const name = 'playon_bench_leaderboard';
const secret = 'bench-secret-bench-secret-bench-secret-0123';
const port = 3393;
const baseUrl = `http://127.0.0.1:${port}`;

const url = new URL(admin);
url.pathname = `/${name}`;
const adminClient = new pg.Client({ connectionString: admin });
await adminClient.connect();
await adminClient.query(`drop database if exists ${name} with (force)`);
await adminClient.query(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: clients + 4 });
const { db } = database;
const dataDir = mkdtempSync(join(tmpdir(), 'playon-bench-'));
const serverEnv = {
  PORT: String(port),
  PUBLIC_URL: baseUrl,
  DATA_DIR: dataDir,
  DATABASE_URL: url.toString(),
  BETTER_AUTH_SECRET: secret,
  LOG_LEVEL: 'warn',
  DEMO_CONTENT: 'false',
  // The clients say which address they report from, as a proxy would: the per-address limit of 60
  // reports a minute is one player's, not a bench's.
  TRUST_PROXY_HOPS: '1',
};

const quiet = { info() {}, warn() {}, error() {} };
const subscriptions = createSubscriptionService({ db });
const profiles = createProfileService({
  db,
  auth: { findUser: (uid) => findUser(db, uid) },
  reference: createReferenceService(db),
});
const games = createGameService({
  db,
  secret,
  gamesDir: 'games',
  log: quiet,
  hasActiveSubscription: (uid, at) => subscriptions.hasActiveSubscription(uid, at),
  assertTournamentPlayable: createTournamentPlayRule(db).assertPlayable,
});
const repo = createTournamentRepo(db);
const playTokens = createPlayTokens(secret);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const pick = (count: number) => Math.floor(Math.random() * count);
const uidOf = (index: number) => `bench-${index + 1}`;
const points = () => Math.round(Math.random() * 10_000_000) / 100;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${value.toFixed(1)} ms`;

interface Timing {
  p50: number;
  p99: number;
  n: number;
}
const summary = (latencies: number[]): Timing => {
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), n: latencies.length };
};

async function timed(samples: number, work: () => Promise<unknown>) {
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await work();
    latencies.push(performance.now() - started);
  }
  return summary(latencies);
}

/** `clients` at once, each doing `work` again and again for `seconds`. */
async function throughput(work: (client: number) => Promise<unknown>) {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const begun = performance.now();
        await work(client);
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { perSecond: latencies.length / elapsed, ...summary(latencies) };
}

/** Play sessions started for these players in bulk SQL, signed as startPlay signs them. */
async function issueSessions(tournamentId: number, gameId: number, uids: string[], count: number) {
  const result = await db.execute(sql`
    insert into play_sessions (uid, game_id, tournament_id, started_at, expires_at)
    select (string_to_array(${uids.join(',')}, ','))[1 + floor(random() * ${uids.length})::int], ${gameId}, ${tournamentId},
      now() - interval '10 minutes', now() + interval '1 hour'
    from generate_series(1, ${count})
    returning id, uid`);
  return (result as unknown as { rows: { id: string; uid: string }[] }).rows.map((row) => ({
    uid: row.uid,
    session: playTokens.sign(row.id),
  }));
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
  const tournaments = createTournamentService({ db, games, subscriptions, players: profiles, log: quiet });
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

interface Figures {
  backend: string;
  rebuildMs: number;
  storeRank: Timing;
  storePage: Timing;
  early: Timing;
  deep: Timing;
  rank: Timing;
  leaderRank: Timing;
  submit: Timing;
  many: Timing & { perSecond: number };
  playAndReport: Timing & { perSecond: number };
  checked: string;
  boardMb: number;
  rssMb: number;
}

/** What the board takes: Redis's own count for its keys, or this process's heap growth while it was built. */
async function boardSize(kind: string, tournamentId: number, heapBefore: number) {
  if (kind !== 'redis' || !redisUrl) return (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const redis = new Redis(redisUrl);
  let bytes = 0;
  for (const key of await redis.keys(`playon:ranks:{${name}:${tournamentId}:*`)) {
    bytes += Number(await redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0'));
  }
  await redis.quit();
  return bytes / 1024 / 1024;
}

/** One back end through the service: the board built from PostgreSQL, then timed, then checked. */
async function serviceRun(kind: string, store: RankStore, tournamentId: number, gameId: number) {
  const tournaments = createTournamentService({
    db,
    games,
    subscriptions,
    players: profiles,
    log: quiet,
    ranks: store,
  });
  const lastPage = Math.ceil(players / PAGE_SIZE) - 1;
  const page = (which: number) =>
    tournaments.leaderboardPage(tournamentId, { page: which, pageSize: PAGE_SIZE });
  const heapBefore = process.memoryUsage().heapUsed;
  const building = performance.now();
  await page(0);
  const rebuildMs = performance.now() - building;
  const boardMb = await boardSize(kind, tournamentId, heapBefore);

  // The store alone, without the tournament's row and the profiles the service reads from PostgreSQL.
  const created = (await repo.byId(tournamentId))?.createdAt.getTime();
  const board = `${name}:${tournamentId}:${created}`;
  const storeRank = await timed(SAMPLES * 10, () => store.standing(board, uidOf(pick(players))));
  const storePage = await timed(SAMPLES * 10, () => store.page(board, pick(players), PAGE_SIZE));
  const early = await timed(SAMPLES, () => page(pick(10)));
  const deep = await timed(SAMPLES, () => page(pick(lastPage + 1)));
  const rank = await timed(SAMPLES, () => tournaments.ownRank(tournamentId, uidOf(pick(players))));
  const leaders = (await tournaments.leaderboardPage(tournamentId, { page: 0, pageSize: 100 })).content;
  const leaderRank = await timed(SAMPLES, () =>
    tournaments.ownRank(tournamentId, leaders[pick(leaders.length)]?.userId as string),
  );
  const uids = Array.from({ length: 10_000 }, () => uidOf(pick(players)));
  const sessions = await issueSessions(tournamentId, gameId, uids, SAMPLES + seconds * 20_000);
  let next = 0;
  const reportOne = async () => {
    const taken = sessions[next++];
    if (!taken) throw new Error('the bench ran out of play sessions; issue more');
    return tournaments.reportScore(taken.uid, tournamentId, { session: taken.session, points: points() });
  };
  const submit = await timed(SAMPLES, reportOne);
  const many = await throughput(reportOne);
  const playAndReport = await throughput(async () => {
    const uid = uidOf(pick(players));
    const play = await games.startPlay(uid, gameId, tournamentId);
    return tournaments.reportScore(uid, tournamentId, { session: play.session, points: points() });
  });

  // The store's answers against PostgreSQL's own queries, at this size.
  const total = await repo.count(tournamentId);
  for (let i = 0; i < CHECKS; i++) {
    const uid = i < 5 ? (leaders[i]?.userId as string) : uidOf(pick(players));
    const own = await tournaments.ownRank(tournamentId, uid);
    const standing = await repo.standing(tournamentId, uid);
    if (own?.rank !== standing?.rank || own?.totalElements !== total)
      throw new Error(
        `${kind}: ${uid} is #${own?.rank} of ${own?.totalElements}; PostgreSQL says #${standing?.rank} of ${total}`,
      );
  }
  for (const which of [0, 1, pick(lastPage + 1), lastPage]) {
    const got = (await page(which)).content.map((row) => row.userId);
    const want = (await repo.page(tournamentId, which * PAGE_SIZE, PAGE_SIZE)).map((row) => row.uid);
    if (got.join() !== want.join()) throw new Error(`${kind}: page ${which} differs from PostgreSQL's`);
  }
  await tournaments.closeLive();
  return {
    backend: kind,
    rebuildMs,
    storeRank,
    storePage,
    early,
    deep,
    rank,
    leaderRank,
    submit,
    many,
    playAndReport,
    checked: `${CHECKS} ranks and 4 pages equal PostgreSQL's`,
    boardMb,
    rssMb: process.memoryUsage().rss / 1024 / 1024,
  } satisfies Figures;
}

/** Access tokens for the players who report over HTTP, as sign-in would give them. */
async function signTokens(uids: string[]) {
  const config = loadConfig(serverEnv);
  const auth = createAuthService({ config, db, mailer: createMailer(config, db), log: Fastify().log });
  const tokens = new Map<string, string>();
  for (const [i, uid] of uids.entries()) {
    // sid: the API refuses a token that names no session (ADR 0019).
    const payload = { sub: uid, email: `${uid}@example.com`, sid: `bench-session-${i}` };
    tokens.set(uid, (await auth.identity.api.signJWT({ body: { payload } })).token);
  }
  await auth.close();
  return tokens;
}

/** One server process on this database (and Redis, for that back end), timed over HTTP. */
async function httpRun(kind: string, tournamentId: number, gameId: number, tokens: Map<string, string>) {
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const log = process.env.BENCH_SERVER_LOG;
  const server = spawn(process.execPath, [...flags, 'apps/server/src/main.ts'], {
    env: { ...process.env, ...serverEnv, ...(kind === 'redis' && redisUrl ? { REDIS_URL: redisUrl } : {}) },
    stdio: ['ignore', log ? openSync(`${log}.${kind}`, 'w') : 'ignore', 'inherit'],
  });
  try {
    for (let attempt = 0; ; attempt++) {
      // Ten minutes: a loaded machine starts a server slowly.
      if (attempt > 2400) throw new Error('the server did not become healthy');
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {}
      await pause(250);
    }
    const uids = [...tokens.keys()];
    const address = () => `10.${pick(250) + 1}.${pick(250) + 1}.${pick(250) + 1}`;
    const get = async (path: string, uid: string) => {
      const response = await fetch(`${baseUrl}${path}`, {
        headers: { authorization: `Bearer ${tokens.get(uid)}` },
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const lastPage = Math.ceil(players / PAGE_SIZE) - 1;
    const building = performance.now();
    // The first page builds the board (the memory store's, in the server): a request that outlasts
    // the client's own time limit is asked again and joins the rebuild under way.
    for (let attempt = 0; ; attempt++) {
      try {
        await get(`/api/tournament-leaderboards/${tournamentId}`, uids[0] as string);
        break;
      } catch (err) {
        if (attempt >= 5) throw err;
      }
    }
    const rebuildMs = performance.now() - building;
    const page = await timed(SAMPLES, () =>
      get(`/api/tournament-leaderboards/${tournamentId}?page=${pick(lastPage + 1)}`, uids[0] as string),
    );
    const rank = await timed(SAMPLES, () =>
      get(`/api/tournament-leaderboards/${tournamentId}/me`, uids[pick(uids.length)] as string),
    );
    const sessions = await issueSessions(tournamentId, gameId, uids, seconds * 5000);
    let next = 0;
    const many = await throughput(async () => {
      const taken = sessions[next++];
      if (!taken) throw new Error('the bench ran out of play sessions; issue more');
      const response = await fetch(`${baseUrl}/api/tournament-leaderboards/${tournamentId}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens.get(taken.uid)}`,
          'content-type': 'application/json',
          'x-forwarded-for': address(),
        },
        body: JSON.stringify({ session: taken.session, points: points() }),
      });
      if (response.status !== 200) throw new Error(`report: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    });
    const top = (
      (await get(`/api/tournament-leaderboards/${tournamentId}?page=0&pageSize=3`, uids[0] as string)) as {
        payload: { content: { userId: string }[] };
      }
    ).payload.content.map((entry) => entry.userId);
    const rss = readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return { backend: kind, rebuildMs, page, rank, many, top, rssMb: Number(rss?.[1] ?? 0) / 1024 };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

/** The ranking job at the end, with a notifier that checks every finisher's place instead of storing it. */
async function rankAtEnd(tournamentId: number, expectedTop: string[]) {
  let told = 0;
  const notifier: Notifier = {
    record: async () => false,
    async recordGroup(_tx, group) {
      if (group.kind !== 'tournament-ended') return 0;
      for await (const recipient of group.recipients) {
        told++;
        if (told <= 3 && recipient.uid !== expectedTop[told - 1])
          throw new Error(`#${told} told is ${recipient.uid}, the board's is ${expectedTop[told - 1]}`);
        if (!recipient.body.startsWith(`You finished #${told.toLocaleString('en-US')} of`))
          throw new Error(`finisher ${told} was told: ${recipient.body}`);
      }
      return told;
    },
  };
  const tournaments = createTournamentService({
    db,
    games,
    subscriptions,
    players: profiles,
    log: quiet,
    notifications: notifier,
  });
  await db.execute(sql`update tournaments set ends = now() - interval '1 second' where id = ${tournamentId}`);
  const started = performance.now();
  if (!(await tournaments.rankTournament(tournamentId, new Date())))
    throw new Error('the cup was not ranked');
  const rankedMs = performance.now() - started;
  const winners = (await tournaments.awardsOf(tournamentId)).map((award) => award.winnerId);
  if (winners.join() !== expectedTop.join())
    throw new Error(`awards went to ${winners.join()}, the board's top three are ${expectedTop.join()}`);
  const total = await repo.count(tournamentId);
  if (told !== total) throw new Error(`${told} finishers told of ${total}`);
  return { rankedMs, told };
}

async function dropRedisBoards() {
  if (!redisUrl) return;
  const redis = new Redis(redisUrl);
  const found = await redis.keys(`playon:ranks:{${name}:*`);
  if (found.length > 0) await redis.del(...found);
  await redis.quit();
}

try {
  const started = performance.now();
  await subscriptions.seed();
  await dropRedisBoards();
  const { tournamentId, gameId } = await createBenchData();
  const loadSeconds = (performance.now() - started) / 1000;
  console.log(
    `leaderboard bench: ${players.toLocaleString('en-US')} players in one tournament, PostgreSQL ${
      (await adminClient.query('show server_version')).rows[0]?.server_version
    }${redisUrl ? ' and Redis' : ''}; loaded in ${loadSeconds.toFixed(0)} s; load average ${load()}`,
  );

  const runs: Figures[] = [];
  runs.push(await serviceRun('memory', createMemoryRankStore(), tournamentId, gameId));
  console.log(`service, memory: done; load average ${load()}`);
  if (redisUrl) {
    const store = createRedisRankStore(redisUrl, quiet);
    runs.push(await serviceRun('redis', store, tournamentId, gameId));
    await store.close();
    console.log(`service, redis: done; load average ${load()}`);
  }
  console.log('\nthrough the tournaments service (no HTTP):');
  for (const run of runs) {
    console.log(
      `\n${run.backend}: board built from PostgreSQL in ${(run.rebuildMs / 1000).toFixed(1)} s (${run.boardMb.toFixed(0)} MB); ${run.checked}; bench process RSS ${run.rssMb.toFixed(0)} MB`,
    );
    console.table({
      'store alone: a random rank': {
        p50: ms(run.storeRank.p50),
        p99: ms(run.storeRank.p99),
        n: run.storeRank.n,
      },
      'store alone: any page': { p50: ms(run.storePage.p50), p99: ms(run.storePage.p99), n: run.storePage.n },
      'page 0-9 (15 entries + total)': { p50: ms(run.early.p50), p99: ms(run.early.p99), n: run.early.n },
      'any page, up to the last': { p50: ms(run.deep.p50), p99: ms(run.deep.p99), n: run.deep.n },
      "a random player's rank (+ total)": { p50: ms(run.rank.p50), p99: ms(run.rank.p99), n: run.rank.n },
      "a top-100 player's rank (+ total)": {
        p50: ms(run.leaderRank.p50),
        p99: ms(run.leaderRank.p99),
        n: run.leaderRank.n,
      },
      'report (1 client)': { p50: ms(run.submit.p50), p99: ms(run.submit.p99), n: run.submit.n },
      [`report (${clients} clients)`]: {
        p50: ms(run.many.p50),
        p99: ms(run.many.p99),
        n: `${run.many.perSecond.toFixed(0)}/s`,
      },
      [`start play + report (${clients} clients)`]: {
        p50: ms(run.playAndReport.p50),
        p99: ms(run.playAndReport.p99),
        n: `${run.playAndReport.perSecond.toFixed(0)}/s`,
      },
    });
  }

  const tokens = await signTokens(Array.from({ length: HTTP_PLAYERS }, () => uidOf(pick(players))));
  // Redis first: the memory server's reports would not reach the Redis board (one writer per
  // memory store, ADR 0029), and the memory server builds its own board from PostgreSQL anyway.
  const http = [];
  for (const kind of redisUrl ? ['redis', 'memory'] : ['memory']) {
    http.push(await httpRun(kind, tournamentId, gameId, tokens));
    console.log(`http, ${kind}: done; load average ${load()}`);
  }
  console.log(`\nthrough HTTP, one server process, ${clients} clients in this process:`);
  for (const run of http) {
    console.log(
      `\n${run.backend}: first page (board built) in ${(run.rebuildMs / 1000).toFixed(1)} s; server RSS ${run.rssMb.toFixed(0)} MB`,
    );
    console.table({
      'GET any page': { p50: ms(run.page.p50), p99: ms(run.page.p99), n: run.page.n },
      'GET /me': { p50: ms(run.rank.p50), p99: ms(run.rank.p99), n: run.rank.n },
      [`POST report (${clients} clients)`]: {
        p50: ms(run.many.p50),
        p99: ms(run.many.p99),
        n: `${run.many.perSecond.toFixed(0)}/s`,
      },
    });
  }

  // The board the last server showed just before it stopped, against the podium the job picks.
  const ranked = await rankAtEnd(tournamentId, http.at(-1)?.top ?? []);
  console.log(
    `\nranking job at the end: ${(ranked.rankedMs / 1000).toFixed(1)} s; podium = the board's top three; ${ranked.told.toLocaleString('en-US')} finishers told their place in order`,
  );
  console.log(`load average at the end ${load()}`);
  const held = (met: boolean) => (met ? 'met' : 'not met');
  for (const run of runs)
    console.log(
      `goal, ${run.backend}: own rank p99 ≤ ${GOAL.rankP99Ms} ms, ${held(run.rank.p99 <= GOAL.rankP99Ms)}; page p99 ≤ ${GOAL.pageP99Ms} ms, ${held(run.deep.p99 <= GOAL.pageP99Ms)}; reports ≥ ${GOAL.reportsPerS.toLocaleString('en-US')}/s at ${clients} clients, ${held(run.many.perSecond >= GOAL.reportsPerS)}`,
    );
  for (const run of runs) {
    const over = http.find((h) => h.backend === run.backend);
    console.log(
      `leaderboard: backend=${run.backend} rank_p99_ms=${run.rank.p99.toFixed(1)} page_p99_ms=${run.deep.p99.toFixed(1)} reports_per_s=${run.many.perSecond.toFixed(0)} store_rank_p99_ms=${run.storeRank.p99.toFixed(2)} store_page_p99_ms=${run.storePage.p99.toFixed(2)} http_reports_per_s=${over?.many.perSecond.toFixed(0) ?? 'n/a'}`,
    );
  }
} finally {
  await dropRedisBoards().catch(() => {});
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
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
