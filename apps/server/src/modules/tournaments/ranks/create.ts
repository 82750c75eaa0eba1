import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_REDIS_NAMESPACE } from '../../../platform/redis-namespace.ts';
import { createMemoryRankStore } from './memory-store.ts';
import type { RankStore } from './rank-store.ts';
import { createRedisRankStore } from './redis-store.ts';

/** Redis sorted sets when REDIS_URL is set (several instances share them), this process's memory otherwise. */
export function createRankStore(
  redisUrl: string | undefined,
  log: Pick<FastifyBaseLogger, 'warn'>,
  namespace = DEFAULT_REDIS_NAMESPACE,
): RankStore {
  return redisUrl ? createRedisRankStore(redisUrl, log, namespace) : createMemoryRankStore();
}

export type { RankStore } from './rank-store.ts';
