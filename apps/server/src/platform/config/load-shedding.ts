import { getHeapStatistics } from 'node:v8';
import type { Env } from './env.ts';

/**
 * When an instance answers 503 with Retry-After instead of taking a request it would be slow to
 * answer (ADR 0052, platform/load-shedding.ts). A limit of 0 is not checked.
 */
export interface LoadShedding {
  /** The event loop's mean delay over one sample, past which requests are refused. */
  maxEventLoopDelayMs: number;
  maxHeapUsedBytes: number;
  maxRssBytes: number;
  retryAfterSeconds: number;
  /** How often the delay and the memory are measured. */
  sampleIntervalMs: number;
}

const MB = 1024 * 1024;
/** Past this share of V8's heap limit, collections take most of the time and a crash is close. */
const HEAP_SHARE = 0.9;

export function loadShedding(e: Env, heapLimitBytes = getHeapStatistics().heap_size_limit): LoadShedding {
  return {
    maxEventLoopDelayMs: e.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes:
      e.LOAD_SHED_MAX_HEAP_USED_MB === undefined
        ? Math.floor(heapLimitBytes * HEAP_SHARE)
        : e.LOAD_SHED_MAX_HEAP_USED_MB * MB,
    maxRssBytes: e.LOAD_SHED_MAX_RSS_MB * MB,
    retryAfterSeconds: e.LOAD_SHED_RETRY_AFTER_SECONDS,
    sampleIntervalMs: e.LOAD_SHED_SAMPLE_INTERVAL_MS,
  };
}
