import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Sessions that ended (sign-out, a password reset or change) while access tokens minted for them
 * may still be unexpired. An id is kept only as long as such a token can live, so the list stays
 * short: a few entries per sign-out in the last `keepMs`.
 */
export interface RevokedSessions {
  revoke(sessionId: string): Promise<void>;
  isRevoked(sessionId: string): Promise<boolean>;
  close(): Promise<void>;
}

/** One instance: a map from session id to when its last token has expired anyway. */
function createLocalRevokedSessions(keepMs: number) {
  const until = new Map<string, number>();
  return {
    add(sessionId: string) {
      const now = Date.now();
      for (const [id, end] of until) if (end <= now) until.delete(id);
      until.set(sessionId, now + keepMs);
    },
    has(sessionId: string) {
      const end = until.get(sessionId);
      return end !== undefined && end > Date.now();
    },
  };
}

const key = (sessionId: string) => `playon:revoked-session:${sessionId}`;

/**
 * Every instance sees a revocation through Redis; the revoking instance also keeps it in memory.
 * If Redis cannot answer, a token is let through and the failure logged: a revoked token then
 * lives out its access-token lifetime, as before revocation existed, rather than every player
 * being signed out while Redis is away (ADR 0019).
 */
function createRedisRevokedSessions(url: string, keepMs: number, log: FastifyBaseLogger): RevokedSessions {
  const local = createLocalRevokedSessions(keepMs);
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  redis.on('error', (err: unknown) => log.warn({ err }, 'redis revoked-sessions connection error'));
  return {
    async revoke(sessionId) {
      local.add(sessionId);
      try {
        await redis.set(key(sessionId), '1', 'PX', keepMs);
      } catch (err) {
        log.error({ err, sessionId }, 'revoked session not shared with other instances');
      }
    },
    async isRevoked(sessionId) {
      if (local.has(sessionId)) return true;
      try {
        return (await redis.exists(key(sessionId))) === 1;
      } catch (err) {
        log.error({ err }, 'revoked-sessions check failed; token accepted');
        return false;
      }
    },
    async close() {
      await redis.quit().catch(() => {});
    },
  };
}

export function createRevokedSessions(
  redisUrl: string | undefined,
  keepMs: number,
  log: FastifyBaseLogger,
): RevokedSessions {
  if (redisUrl) return createRedisRevokedSessions(redisUrl, keepMs, log);
  const local = createLocalRevokedSessions(keepMs);
  return {
    revoke: async (sessionId) => local.add(sessionId),
    isRevoked: async (sessionId) => local.has(sessionId),
    close: async () => {},
  };
}

const unitMs = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** ACCESS_TOKEN_TTL ('15m') in milliseconds; the config schema guarantees the shape. */
export function durationMs(ttl: string): number {
  const match = /^(\d+)([smhd])$/.exec(ttl);
  if (!match) throw new Error(`not a duration: ${ttl}`);
  return Number(match[1]) * unitMs[match[2] as keyof typeof unitMs];
}
