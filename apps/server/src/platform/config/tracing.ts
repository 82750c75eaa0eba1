import type { Env } from './env.ts';

/**
 * Tracing (ADR 0051), from the standard OTEL_* variables: on with OTEL_TRACES_EXPORTER=otlp, off
 * without it (the specification's default is otlp; ours is off, a laptop has no collector) and
 * whenever OTEL_SDK_DISABLED=true. Where spans go is the exporter's own reading of
 * OTEL_EXPORTER_OTLP_* (tracing-start.ts).
 */
export interface TracingSettings {
  enabled: boolean;
  serviceName: string;
  /** OTEL_TRACES_SAMPLER, by the OpenTelemetry specification's names. */
  sampler: Env['OTEL_TRACES_SAMPLER'];
  /** traceidratio's share of traces kept, 0 to 1 (OTEL_TRACES_SAMPLER_ARG). */
  samplerRatio: number;
}

export function tracingSettings(e: Env): TracingSettings {
  return {
    enabled: e.OTEL_TRACES_EXPORTER === 'otlp' && !e.OTEL_SDK_DISABLED,
    serviceName: e.OTEL_SERVICE_NAME,
    sampler: e.OTEL_TRACES_SAMPLER,
    samplerRatio: e.OTEL_TRACES_SAMPLER_ARG,
  };
}
