// Realtime on one server process: how many /ws sockets it holds (opened until the target, a refusal
// or the time budget; with the process's resident memory), and how long a chat message takes from
// POST /api/chats/send to each member's socket while 1,000 members of the room have the app open.
// The players are bulk-inserted in SQL; their access tokens are signed by the identity service
// (better-auth's signJWT, the server's own keys in the shared database), as sign-in would do.
// Usage: node bench/realtime.ts [sockets=10000] [members=1000] [messages=20]   (PostgreSQL at BENCH_PG_URL;
// with BENCH_REDIS_URL the server uses Redis for the bus and presence, as several instances would)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { createAuthService } from '../apps/server/src/modules/auth/service.ts';
import { chatRooms } from '../apps/server/src/modules/chat/schema.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { createMailer } from '../apps/server/src/platform/mail.ts';

const target = Number(process.argv[2] ?? 10_000);
const members = Math.min(target, Number(process.argv[3] ?? 1_000));
const messages = Number(process.argv[4] ?? 20);
const OPEN_BUDGET_MS = 150_000;
const CONCURRENT_OPENS = 200;
const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = 3392;
const baseUrl = `http://127.0.0.1:${port}`;
const name = 'playon_bench_realtime';
const dataDir = mkdtempSync(join(tmpdir(), 'playon-bench-'));
const databaseUrl = new URL(admin);
databaseUrl.pathname = `/${name}`;
const env = {
  PORT: String(port),
  PUBLIC_URL: baseUrl,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl.toString(),
  BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  LOG_LEVEL: 'warn',
  DEMO_CONTENT: 'false',
  ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
};

const adminClient = new pg.Client({ connectionString: admin });
await adminClient.connect();
await adminClient.query(`drop database if exists ${name} with (force)`);
await adminClient.query(`create database ${name}`);

const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
  env: { ...process.env, ...env },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const serverRssMb = () => {
  const line = readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) / 1024;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth() {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {}
    await pause(250);
  }
  throw new Error('The server did not become healthy.');
}

/** `count` players, the first `members` of them in the General room, each with an access token. */
async function createPlayers(count: number) {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl.toString() });
  const { db } = database;
  await db.execute(sql`
    insert into auth_user (id, name, email)
    select 'bench-' || g, 'Bench player ' || g, 'bench-' || g || '@example.com' from generate_series(1, ${count}) g`);
  const [general] = await db.select().from(chatRooms).where(eq(chatRooms.seedKey, 'general'));
  if (!general) throw new Error('the General room is not seeded');
  const roomId = general.id;
  await db.execute(sql`
    insert into chat_members (room_id, uid) select ${roomId}, 'bench-' || g from generate_series(1, ${members}) g`);
  const config = loadConfig(env);
  const log = Fastify().log;
  const auth = createAuthService({ config, db, mailer: createMailer(config, db), log });
  const tokens: string[] = [];
  for (let i = 1; i <= count; i++) {
    // sid: the API refuses a token that names no session (ADR 0019).
    const payload = { sub: `bench-${i}`, email: `bench-${i}@example.com`, sid: `bench-session-${i}` };
    tokens.push((await auth.identity.api.signJWT({ body: { payload } })).token);
  }
  await auth.close();
  await database.close();
  return { tokens, roomId };
}

/** Chat texts heard by member sockets: text → the time each member received it. */
const heard = new Map<string, number[]>();

function openSocket(token: string, isMember: boolean): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(token)}`);
    const timer = setTimeout(() => reject(new Error('no ready within 20 s')), 20_000);
    socket.addEventListener('error', () => reject(new Error('socket error')));
    socket.addEventListener('close', (event) => reject(new Error(`closed ${event.code}`)));
    socket.addEventListener('message', (event) => {
      const at = performance.now();
      const message = JSON.parse(String(event.data));
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(socket);
      } else if (message.type === 'chat' && isMember) {
        heard.get(message.message.message)?.push(at);
      }
    });
  });
}

/** Opens sockets CONCURRENT_OPENS at a time until `target`, a refusal, or the time budget. */
async function rampSockets(tokens: string[]) {
  const sockets: WebSocket[] = [];
  const started = performance.now();
  let failure: string | undefined;
  while (sockets.length < tokens.length && performance.now() - started < OPEN_BUDGET_MS) {
    const batch = tokens.slice(sockets.length, sockets.length + CONCURRENT_OPENS);
    const results = await Promise.allSettled(
      batch.map((token, i) => openSocket(token, sockets.length + i < members)),
    );
    for (const result of results) {
      if (result.status === 'fulfilled') sockets.push(result.value);
      else failure ??= String(result.reason);
    }
    if (failure) break;
  }
  return { sockets, seconds: (performance.now() - started) / 1000, failure };
}

/** One message at a time, each from another member (the flood limit is per player). */
async function sendMessages(tokens: string[], roomId: number) {
  const delays: number[] = [];
  const posts: number[] = [];
  let missing = 0;
  for (let i = 0; i < messages; i++) {
    const text = `bench message ${i + 1}`;
    const arrivals: number[] = [];
    heard.set(text, arrivals);
    const sent = performance.now();
    const response = await fetch(`${baseUrl}/api/chats/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[i % members]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ chatRoomId: roomId, message: text }),
    });
    if (!response.ok) throw new Error(`send failed: ${response.status} ${await response.text()}`);
    posts.push(performance.now() - sent);
    const deadline = performance.now() + 15_000;
    while (arrivals.length < members && performance.now() < deadline) await pause(5);
    missing += members - arrivals.length;
    delays.push(...arrivals.map((at) => at - sent));
    await pause(200);
  }
  return { delays: delays.sort((a, b) => a - b), posts: posts.sort((a, b) => a - b), missing };
}

/** The rooms list with every socket open: it counts each room's members among all online players. */
async function timeRoomsList(token: string, samples = 50) {
  const latencies: number[] = [];
  let online = 0;
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/chat-rooms/list`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const rooms = (await response.json()) as {
      payload: { chatRoomUid: string; onlineMemberCount: number }[];
    };
    latencies.push(performance.now() - started);
    online = rooms.payload.find((room) => room.chatRoomUid === 'general')?.onlineMemberCount ?? 0;
  }
  return { latencies: latencies.sort((a, b) => a - b), online };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const startLoad = loadavg()[0] ?? 0;
try {
  await waitForHealth();
  const idleRss = serverRssMb();
  const created = performance.now();
  const { tokens, roomId } = await createPlayers(target);
  const createSeconds = (performance.now() - created) / 1000;
  const ramp = await rampSockets(tokens);
  await pause(3000);
  const heldRss = serverRssMb();
  const { latencies: list, online } = await timeRoomsList(tokens[0] as string);
  const { delays, posts, missing } = await sendMessages(tokens, roomId);

  console.log(
    `server: one process, PostgreSQL${env.REDIS_URL ? ' and Redis' : ''} on the same machine; ` +
      'clients in one other process on the same 2 cores',
  );
  console.log(
    `machine load average (1 min) at start ${startLoad.toFixed(1)}, at end ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log(`players: ${target} inserted with tokens in ${createSeconds.toFixed(1)} s`);
  console.log(
    `sockets: ${ramp.sockets.length} of ${target} open in ${ramp.seconds.toFixed(1)} s ` +
      `(${(ramp.sockets.length / ramp.seconds).toFixed(0)}/s)${ramp.failure ? `; stopped: ${ramp.failure}` : ''}`,
  );
  console.log(
    `server RSS: ${idleRss.toFixed(0)} MB idle, ${heldRss.toFixed(0)} MB holding them ` +
      `(${(((heldRss - idleRss) * 1024) / Math.max(1, ramp.sockets.length)).toFixed(1)} KB a socket)`,
  );
  console.log(
    `delivery: ${messages} messages x ${members} members (${delays.length} received, ${missing} missing): ` +
      `p50 ${ms(percentile(delays, 50))}, p99 ${ms(percentile(delays, 99))}, max ${ms(delays.at(-1) ?? 0)}; ` +
      `POST p50 ${ms(percentile(posts, 50))}`,
  );
  console.log(
    `rooms list with them open: p50 ${ms(percentile(list, 50))}, p99 ${ms(percentile(list, 99))} ` +
      `(General: ${online} of ${members} members online)`,
  );
  for (const socket of ramp.sockets) socket.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await adminClient.query(`drop database if exists ${name} with (force)`);
  await adminClient.end();
  rmSync(dataDir, { recursive: true, force: true });
}
