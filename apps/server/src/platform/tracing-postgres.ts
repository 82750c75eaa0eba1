import { SpanKind, trace } from '@opentelemetry/api';
import type pg from 'pg';
import { inSpan, isTracing } from './tracing.ts';

/** Long statements (a withdrawal's CTEs) are cut: the span names the statement, it is not an archive. */
const MAX_TEXT = 2000;

type Query = (...args: unknown[]) => unknown;

/**
 * `query` with a span for each statement drizzle sends within a trace. Its parameters are never
 * recorded (amounts, phones, tokens), only the statement's text with its $1 placeholders. Left as
 * they are: a statement outside any span (the job worker's claims), the pool's own use of a client
 * (it passes a callback) and streamed results.
 */
function traced(query: Query): Query {
  return (...args) => {
    const [first] = args;
    if (
      !isTracing() ||
      !trace.getActiveSpan() ||
      args.some((arg) => typeof arg === 'function') ||
      typeof (first as { submit?: unknown } | undefined)?.submit === 'function'
    )
      return query(...args);
    const text = typeof first === 'string' ? first : ((first as { text?: string }).text ?? '');
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
    return inSpan(
      `postgresql ${operation}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'postgresql',
          'db.operation.name': operation,
          'db.query.text': text.slice(0, MAX_TEXT),
        },
      },
      async () => query(...args),
    );
  };
}

/**
 * Spans for the pool's queries and for those of the clients it hands out (transactions). Wrapped
 * only when tracing is on as the database opens; the pool's own queries on a client pass a callback
 * and are not counted twice.
 */
export function traceQueries(pool: pg.Pool) {
  pool.query = traced(pool.query.bind(pool) as Query) as typeof pool.query;
  pool.on('connect', (client) => {
    client.query = traced(client.query.bind(client) as Query) as typeof client.query;
  });
}
