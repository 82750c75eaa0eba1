/**
 * Every Redis key and channel of a deployment starts with its REDIS_BUS_NAMESPACE (the bus's
 * channels, presence, revoked sessions, chat flood counts, rank boards), so deployments sharing one
 * Redis see nothing of each other's. The default is the prefix these names always had, so a rolling
 * deploy keeps its presence, revocations and boards. The rate limits keep their own namespace.
 */
export const DEFAULT_REDIS_NAMESPACE = 'playon:';
