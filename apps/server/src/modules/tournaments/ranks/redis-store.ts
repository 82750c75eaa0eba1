import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { logRedisErrors } from '../../../platform/redis-connections.ts';
import { DEFAULT_REDIS_NAMESPACE } from '../../../platform/redis-namespace.ts';
import { type BoardState, MICROS_DIGITS, type Placed, type RankEntry, type RankStore } from './rank-store.ts';

/**
 * A board is a sorted set whose score is minus the points (exact: points are 32-bit integers) and
 * whose member is achieved_at in microseconds, zero-padded, then the uid: Redis orders equal scores
 * by their members' bytes, so equal points go to who reached them first, then by uid. A hash maps
 * each uid to its member. `meta` says the board was built (entries_removed then, and the run_id of
 * the Redis that holds it, so a restarted Redis, even one that reloaded a snapshot, is rebuilt).
 * The keys of a board share a hash tag, so the scripts touch one slot of a cluster (the namespace
 * holds no brace, so the board's is the tag Redis reads).
 */
const keysIn = (namespace: string) => (board: string) => {
  const tag = `${namespace}ranks:{${board}}`;
  return {
    set: `${tag}:z`,
    uids: `${tag}:h`,
    meta: `${tag}:meta`,
    newSet: `${tag}:new:z`,
    newUids: `${tag}:new:h`,
    building: `${tag}:building`,
    lock: `${tag}:lock`,
  };
};

/** KEYS[1..6] of the scripts that write the board and follow a rebuild in progress (RAISE, FINISH). */
const boardAndRebuild = (k: ReturnType<ReturnType<typeof keysIn>>) => [
  k.set,
  k.uids,
  k.meta,
  k.newSet,
  k.newUids,
  k.building,
];

const memberOf = (entry: RankEntry) => `${String(entry.micros).padStart(MICROS_DIGITS, '0')}:${entry.uid}`;
const uidOf = (member: string) => member.slice(MICROS_DIGITS + 1);

/** Keeps the better best: a lower score (more points) replaces, a tie keeps the stored one. */
const LIB = `
local function put(set, uids, uid, score, member)
  local held = redis.call('HGET', uids, uid)
  if held then
    local heldScore = redis.call('ZSCORE', set, held)
    if heldScore and tonumber(heldScore) <= score then return end
    redis.call('ZREM', set, held)
  end
  redis.call('ZADD', set, score, member)
  redis.call('HSET', uids, uid, member)
end
local function state(set, meta, run)
  local built = redis.call('HMGET', meta, 'removed', 'run')
  local removed = -1
  if built[1] and built[2] == run then removed = tonumber(built[1]) end
  return removed, redis.call('ZCARD', set)
end
`;

/**
 * KEYS set uids meta newSet newUids building; ARGV run answer, then uid score member for each entry.
 * Every entry is put (on the new board too while one is built), then, when answer is '1', each
 * player's rank and score after all of them.
 */
const RAISE = `${LIB}
local building = redis.call('EXISTS', KEYS[6]) == 1
for i = 3, #ARGV, 3 do
  local score = tonumber(ARGV[i + 1])
  put(KEYS[1], KEYS[2], ARGV[i], score, ARGV[i + 2])
  if building then put(KEYS[4], KEYS[5], ARGV[i], score, ARGV[i + 2]) end
end
local removed, size = state(KEYS[1], KEYS[3], ARGV[1])
local reply = {removed, size}
if ARGV[2] == '1' then
  for i = 3, #ARGV, 3 do
    local member = redis.call('HGET', KEYS[2], ARGV[i])
    reply[#reply + 1] = redis.call('ZRANK', KEYS[1], member)
    reply[#reply + 1] = redis.call('ZSCORE', KEYS[1], member)
  end
end
return reply
`;

/** KEYS set uids newSet newUids building; ARGV uid score member (no score: take the player out). */
const REPLACE = `
local function replace(set, uids)
  local held = redis.call('HGET', uids, ARGV[1])
  if held then redis.call('ZREM', set, held); redis.call('HDEL', uids, ARGV[1]) end
  if ARGV[2] ~= '' then
    redis.call('ZADD', set, tonumber(ARGV[2]), ARGV[3])
    redis.call('HSET', uids, ARGV[1], ARGV[3])
  end
end
replace(KEYS[1], KEYS[2])
if redis.call('EXISTS', KEYS[5]) == 1 then replace(KEYS[3], KEYS[4]) end
return 1
`;

/** KEYS set uids meta; ARGV uid run. */
const STANDING = `${LIB}
local removed, size = state(KEYS[1], KEYS[3], ARGV[2])
local member = redis.call('HGET', KEYS[2], ARGV[1])
if not member then return {removed, size} end
return {removed, size, redis.call('ZRANK', KEYS[1], member), redis.call('ZSCORE', KEYS[1], member)}
`;

/** KEYS set meta; ARGV start stop run. */
const PAGE = `${LIB}
local removed, size = state(KEYS[1], KEYS[2], ARGV[3])
return {removed, size, redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2], 'WITHSCORES')}
`;

/** KEYS newSet newUids building; ARGV uid score member, repeated. */
const ADD = `${LIB}
for i = 1, #ARGV, 3 do put(KEYS[1], KEYS[2], ARGV[i], tonumber(ARGV[i + 1]), ARGV[i + 2]) end
return 1
`;

/** KEYS set uids meta newSet newUids building lock; ARGV token removed run. */
const FINISH = `
if redis.call('GET', KEYS[7]) ~= ARGV[1] then return 0 end
if redis.call('EXISTS', KEYS[4]) == 1 then
  redis.call('RENAME', KEYS[4], KEYS[1])
  redis.call('RENAME', KEYS[5], KEYS[2])
else
  redis.call('DEL', KEYS[1], KEYS[2])
end
redis.call('DEL', KEYS[3], KEYS[6], KEYS[7])
redis.call('HSET', KEYS[3], 'removed', ARGV[2], 'run', ARGV[3])
return 1
`;

/** KEYS lock newSet newUids building; ARGV token. */
const ABANDON = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
return 1
`;

/** How long a rebuild may hold its lock before another instance may start one. */
const LOCK_MS = 10 * 60_000;
const ADD_CHUNK = 1000;

type Reply = [number, number, ...unknown[]];

const toState = (reply: Reply): BoardState => ({
  removed: reply[0] < 0 ? null : reply[0],
  size: reply[1],
});
/** Points from a score: minus the score, and 0 rather than -0 for no points. */
const pointsOf = (score: unknown) => 0 - Number(score);
const toPlaced = (rank: unknown, score: unknown): Placed | null =>
  rank === undefined || rank === null ? null : { rank: Number(rank) + 1, pointsHundredths: pointsOf(score) };

export function createRedisRankStore(
  url: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
  namespace = DEFAULT_REDIS_NAMESPACE,
): RankStore {
  const keys = keysIn(namespace);
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  logRedisErrors(redis, log, 'redis rank store connection error');
  let run: Promise<string> | undefined;
  /** The run_id of the Redis answering now, asked again after each reconnection. */
  const runId = () => {
    run ??= redis.info('server').then((text) => /run_id:(\w+)/.exec(text)?.[1] ?? 'unknown');
    return run;
  };
  redis.on('ready', () => {
    run = undefined;
  });
  const scripts = { RAISE, REPLACE, STANDING, PAGE, ADD, FINISH, ABANDON };
  for (const [name, lua] of Object.entries(scripts)) {
    redis.defineCommand(`ranks${name}`, { lua });
  }
  type Call = (...args: (string | number)[]) => Promise<unknown>;
  const call = (name: keyof typeof scripts, ...args: (string | number)[]) =>
    (redis as unknown as Record<string, Call>)[`ranks${name}`]?.(...args) as Promise<Reply>;

  async function raiseAll(board: string, entries: RankEntry[], answer: boolean) {
    const k = keys(board);
    const args: (string | number)[] = [];
    for (const entry of entries) args.push(entry.uid, -entry.pointsHundredths, memberOf(entry));
    const reply = await call('RAISE', 6, ...boardAndRebuild(k), await runId(), answer ? '1' : '0', ...args);
    const placed: Placed[] = [];
    for (let i = 2; i < reply.length; i += 2) placed.push(toPlaced(reply[i], reply[i + 1]) as Placed);
    return { state: toState(reply), placed };
  }

  return {
    kind: 'redis',
    async raise(board, entry) {
      const { state, placed } = await raiseAll(board, [entry], true);
      return { state, placed: placed[0] as Placed };
    },
    raiseAll,
    async replace(board, uid, entry) {
      const k = keys(board);
      await call(
        'REPLACE',
        5,
        k.set,
        k.uids,
        k.newSet,
        k.newUids,
        k.building,
        uid,
        entry ? -entry.pointsHundredths : '',
        entry ? memberOf(entry) : '',
      );
    },
    async standing(board, uid) {
      const k = keys(board);
      const reply = await call('STANDING', 3, k.set, k.uids, k.meta, uid, await runId());
      return { state: toState(reply), placed: toPlaced(reply[2], reply[3]) };
    },
    async page(board, offset, limit) {
      const k = keys(board);
      const reply = await call('PAGE', 2, k.set, k.meta, offset, offset + limit - 1, await runId());
      const flat = (reply[2] ?? []) as string[];
      const rows: { uid: string; pointsHundredths: number }[] = [];
      for (let i = 0; i < flat.length; i += 2) {
        rows.push({ uid: uidOf(flat[i] as string), pointsHundredths: pointsOf(flat[i + 1]) });
      }
      return { state: toState(reply), rows };
    },
    async rebuild(board, removed, load) {
      const k = keys(board);
      const token = randomUUID();
      if ((await redis.set(k.lock, token, 'PX', LOCK_MS, 'NX')) !== 'OK') return 'busy';
      try {
        await redis.del(k.newSet, k.newUids);
        await redis.set(k.building, token, 'PX', LOCK_MS);
        await load(async (entries) => {
          for (let from = 0; from < entries.length; from += ADD_CHUNK) {
            const args = entries
              .slice(from, from + ADD_CHUNK)
              .flatMap((entry) => [entry.uid, -entry.pointsHundredths, memberOf(entry)]);
            await call('ADD', 3, k.newSet, k.newUids, k.building, ...args);
          }
        });
        const done = await call('FINISH', 7, ...boardAndRebuild(k), k.lock, token, removed, await runId());
        if (Number(done) !== 1) throw new Error(`rebuilding ${board} outlasted its lock`);
        return 'rebuilt';
      } catch (err) {
        await call('ABANDON', 4, k.lock, k.newSet, k.newUids, k.building, token).catch(() => {});
        throw err;
      }
    },
    async close() {
      await redis.quit().catch(() => {});
    },
  };
}
