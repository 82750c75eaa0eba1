import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config.ts';

// An operator's OTEL_* and LOAD_SHED_* settings (docs/operations.md; ADR 0051, 0052).
const settings = (env: Record<string, string>) => {
  const { tracing, loadShedding } = parseConfig(env);
  return { tracing, loadShedding };
};
const refusal = (env: Record<string, string>) => {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return 'accepted';
};

describe('tracing settings', () => {
  it('are off unless OTEL_TRACES_EXPORTER=otlp, and OTEL_SDK_DISABLED=true wins', () => {
    expect(settings({}).tracing).toEqual({
      enabled: false,
      serviceName: 'playon-server',
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
    });
    expect(settings({ OTEL_TRACES_EXPORTER: 'otlp' }).tracing.enabled).toBe(true);
    expect(settings({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'TRUE' }).tracing.enabled).toBe(false);
  });

  it('keep one trace in ten when asked', () => {
    const { tracing } = settings({
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.1',
    });
    expect(tracing).toMatchObject({ sampler: 'parentbased_traceidratio', samplerRatio: 0.1 });
  });

  it('refuse an exporter, a sampler, a ratio or an endpoint PlayOn cannot use, by name', () => {
    expect(refusal({ OTEL_TRACES_EXPORTER: 'zipkin' })).toContain('OTEL_TRACES_EXPORTER');
    expect(refusal({ OTEL_TRACES_SAMPLER: 'sometimes' })).toContain('OTEL_TRACES_SAMPLER');
    expect(refusal({ OTEL_TRACES_SAMPLER_ARG: '2' })).toContain('OTEL_TRACES_SAMPLER_ARG');
    expect(refusal({ OTEL_TRACES_SAMPLER_ARG: 'half' })).toContain('OTEL_TRACES_SAMPLER_ARG');
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toContain(
      'OTEL_EXPORTER_OTLP_ENDPOINT',
    );
  });
});

describe('load shedding settings', () => {
  it('default to half a second of loop delay and 90 % of the heap limit, RSS unchecked', () => {
    expect(settings({}).loadShedding).toEqual({
      maxEventLoopDelayMs: 500,
      maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.9),
      maxRssBytes: 0,
      retryAfterSeconds: 5,
      sampleIntervalMs: 1000,
    });
  });

  it('take megabytes, and 0 turns a limit off', () => {
    expect(
      settings({
        LOAD_SHED_MAX_HEAP_USED_MB: '0',
        LOAD_SHED_MAX_RSS_MB: '1536',
        LOAD_SHED_RETRY_AFTER_SECONDS: '30',
      }).loadShedding,
    ).toMatchObject({ maxHeapUsedBytes: 0, maxRssBytes: 1536 * 1024 * 1024, retryAfterSeconds: 30 });
  });

  it('refuse what is not a whole number in range, by name', () => {
    expect(refusal({ LOAD_SHED_MAX_HEAP_USED_MB: 'lots' })).toContain('LOAD_SHED_MAX_HEAP_USED_MB');
    expect(refusal({ LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '-1' })).toContain(
      'LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS',
    );
    expect(refusal({ LOAD_SHED_RETRY_AFTER_SECONDS: '0' })).toContain('LOAD_SHED_RETRY_AFTER_SECONDS');
    expect(refusal({ LOAD_SHED_SAMPLE_INTERVAL_MS: '5' })).toContain('LOAD_SHED_SAMPLE_INTERVAL_MS');
  });
});
