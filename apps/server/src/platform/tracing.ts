import {
  type Attributes,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  type SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

/**
 * Spans around PlayOn's own seams (ADR 0051): the incoming request (tracing-http.ts), PostgreSQL
 * queries (tracing-postgres.ts), Redis commands (tracing-redis.ts), provider calls
 * (provider-fetch.ts) and job runs. Off unless OTEL_TRACES_EXPORTER=otlp (tracing-start.ts): then
 * every helper here returns at its first line, and no seam is wrapped.
 */

let active = false;

/** Whether a tracer is registered in this process. */
export const isTracing = (): boolean => active;

/** tracing-start.ts only: the tracer has been registered, or unregistered. */
export function markTracing(on: boolean) {
  active = on;
}

export const tracer = () => trace.getTracer('playon');

/** Ends `span` once `work` settles, marked as an error when it threw. */
async function settle<T>(span: Span, work: (span: Span) => Promise<T>): Promise<T> {
  try {
    return await work(span);
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

/** `work` inside a child span of the span in hand (or a new trace's first span). */
export function inSpan<T>(
  name: string,
  options: { kind: SpanKind; attributes: Attributes },
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!active) return work(undefined);
  return tracer().startActiveSpan(name, options, (span) => settle(span, work));
}

/**
 * The trace in hand as a W3C `traceparent`, for work that continues it later: a job, or a payment
 * whose provider calls back. Null when tracing is off.
 */
export function traceContextNow(): string | null {
  if (!active) return null;
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/**
 * `work` in a span that continues the trace `traceparent` names (stored by `traceContextNow`), or
 * starts a new trace without one; never a child of the span in hand (a request that kicked the job
 * worker). `linkCurrent`: the span links the span in hand, as an inbound callback's work links the
 * callback's own request.
 */
export function continueTrace<T>(
  traceparent: string | null,
  name: string,
  work: () => Promise<T>,
  { attributes = {}, linkCurrent = false }: { attributes?: Attributes; linkCurrent?: boolean } = {},
): Promise<T> {
  if (!active) return work();
  const current = linkCurrent ? trace.getActiveSpan() : undefined;
  const links = current ? [{ context: current.spanContext() }] : [];
  const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
  return tracer().startActiveSpan(name, { attributes, links }, parent, (span) => settle(span, work));
}
