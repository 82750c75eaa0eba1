import { AsyncResource } from 'node:async_hooks';
import { context, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redactUrl } from './logger.ts';
import { isTracing, tracer } from './tracing.ts';

const spanOf = Symbol('playon.http-span');
const resumeSpan = Symbol('playon.resume-http-span');
type Traced = FastifyRequest & { [spanOf]?: Span; [resumeSpan]?: AsyncResource };

function end(request: FastifyRequest, statusCode: number | undefined) {
  const span = (request as Traced)[spanOf];
  if (!span) return;
  (request as Traced)[spanOf] = undefined;
  // Without a status code the client went away before the answer.
  if (statusCode !== undefined) span.setAttribute('http.response.status_code', statusCode);
  if (statusCode === undefined || statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/**
 * The incoming request's span, the trace's first: a traceparent sent from outside is not followed
 * (ADR 0051), so nobody on the internet picks our trace ids or which traces are kept. Its URL is the
 * log's (no token, no callback secret). Registered after the request context, only when tracing.
 */
export function registerHttpSpans(app: FastifyInstance) {
  if (!isTracing()) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const span = tracer().startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': redactUrl(request.url).split('?')[0],
          ...(route ? { 'http.route': route } : {}),
          'playon.request_id': request.id,
        },
      },
      ROOT_CONTEXT,
    );
    (request as Traced)[spanOf] = span;
    context.with(trace.setSpan(ROOT_CONTEXT, span), () => {
      (request as Traced)[resumeSpan] = new AsyncResource('playon.http-span');
      done();
    });
  });
  // As in request-context.ts: the body is read outside the span's context; back into it.
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = (request as Traced)[resumeSpan];
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
  app.addHook('onError', async (request, _reply, error) => {
    (request as Traced)[spanOf]?.recordException(error);
  });
  app.addHook('onResponse', async (request, reply) => end(request, reply.statusCode));
  app.addHook('onRequestAbort', async (request) => end(request, undefined));
}
