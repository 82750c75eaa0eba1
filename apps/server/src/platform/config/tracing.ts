import type { Env } from './env.ts';

/** The OpenTelemetry specification's samplers, by their OTEL_TRACES_SAMPLER names. */
export const TRACE_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

/**
 * Tracing (ADR 0051), from the standard OTEL_* variables: on with OTEL_TRACES_EXPORTER=otlp, off
 * without it (the specification's default is otlp; ours is off, a laptop has no collector) and
 * whenever OTEL_SDK_DISABLED=true. Where spans go is the exporter's own reading of
 * OTEL_EXPORTER_OTLP_* (tracing-start.ts).
 */
export interface TracingSettings {
  enabled: boolean;
  serviceName: string;
  sampler: (typeof TRACE_SAMPLERS)[number];
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
