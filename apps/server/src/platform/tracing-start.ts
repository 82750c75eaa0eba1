import { hostname } from 'node:os';
import { context, DiagLogLevel, diag, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  detectResources,
  resourceAttributesEnvDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import type { FastifyBaseLogger } from 'fastify';
import type { TracingSettings } from './config/tracing.ts';
import { markTracing } from './tracing.ts';
import { traceRedisCommands } from './tracing-redis.ts';

export interface Tracing {
  /** Sends the spans still held and unregisters the tracer. */
  shutdown(): Promise<void>;
}

const notTracing: Tracing = { shutdown: async () => {} };

/**
 * Registers this process's tracer: spans go to `processor`. Only one at a time; `shutdown` lets
 * another start (a test after another). Nothing is patched: the seams check `isTracing()`.
 */
export function startTracing({
  serviceName,
  sampler,
  processor,
}: {
  serviceName: string;
  sampler: Sampler;
  processor: SpanProcessor;
}): Tracing {
  const resource = resourceFromAttributes({
    'service.name': serviceName,
    'service.instance.id': `${hostname()}:${process.pid}`,
  }).merge(detectResources({ detectors: [resourceAttributesEnvDetector] }));
  const provider = new TracerProvider({ resource, sampler, spanProcessors: [processor] });
  if (!trace.setGlobalTracerProvider(provider)) throw new Error('a tracer is already registered');
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const stopRedis = traceRedisCommands();
  markTracing(true);
  return {
    async shutdown() {
      markTracing(false);
      stopRedis();
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        context.disable();
        propagation.disable();
      }
    },
  };
}

/** OTEL_TRACES_SAMPLER and its argument, as the OpenTelemetry specification names them. */
function samplerOf({ sampler, samplerRatio }: TracingSettings): Sampler {
  const root = {
    always_on: new AlwaysOnSampler(),
    always_off: new AlwaysOffSampler(),
    traceidratio: new TraceIdRatioBasedSampler(samplerRatio),
  }[sampler.replace(/^parentbased_/, '') as 'always_on' | 'always_off' | 'traceidratio'];
  return sampler.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/**
 * Tracing as the configuration asks (OTEL_TRACES_EXPORTER=otlp): spans batched to the OTLP/HTTP
 * endpoint the exporter reads from OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT) with its
 * OTEL_EXPORTER_OTLP_HEADERS, which never pass through the configuration or the log. An export that
 * fails is logged, never fatal.
 */
export function tracingFromConfig(settings: TracingSettings, log: FastifyBaseLogger): Tracing {
  if (!settings.enabled) return notTracing;
  diag.setLogger(
    {
      error: (message) => log.warn({ otel: 'diag' }, message),
      warn: (message) => log.warn({ otel: 'diag' }, message),
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    DiagLogLevel.WARN,
  );
  const tracing = startTracing({
    serviceName: settings.serviceName,
    sampler: samplerOf(settings),
    processor: new BatchSpanProcessor({ exporter: new OTLPTraceExporter() }),
  });
  return {
    // The collector being away must not fail a shutdown: the spans are lost, the instance stops cleanly.
    shutdown: () =>
      tracing.shutdown().catch((err) => log.warn({ err }, 'tracing: the last spans could not be sent')),
  };
}
