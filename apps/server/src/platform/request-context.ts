import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * One request followed across PlayOn (ADR 0051): its id arrives from nginx, is answered back, is on
 * every log line of the work it starts (the request, the jobs it enqueues, their provider calls),
 * wherever that work runs. AsyncLocalStorage carries it, so no function passes it along.
 */

/** The header the id travels in, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** The log field that carries it: Fastify's own label for a request's id. */
export const REQUEST_ID_LOG_FIELD = 'reqId';

/**
 * An incoming id is kept only when it looks like one: nginx's 32 hex digits, a UUID. Anything longer
 * or with other characters (a line break, a quote, markup) could forge or break a log line.
 */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The unit of work in hand: a request, or a job run. */
interface WorkContext {
  /** The request's id; a job's is the id of the request that enqueued it, if one did. */
  requestId: string | undefined;
  /** Its logger: the request's, or the job queue's. */
  log: FastifyBaseLogger;
}

const storage = new AsyncLocalStorage<WorkContext>();

/** The id of the request in hand (or of the request that enqueued the job in hand). */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** The logger of the work in hand, for code that has none of its own (a provider client). */
export const currentLog = (): FastifyBaseLogger | undefined => storage.getStore()?.log;

/** The incoming header when well formed, else a new random id. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && WELL_FORMED_ID.test(header) ? header : randomUUID();
}

/**
 * Runs `work` (a job) as part of request `requestId`, or of none: never of the request in hand
 * when it was called (a request that kicked the worker).
 */
export function withWorkContext<T>(requestId: string | null, log: FastifyBaseLogger, work: () => T): T {
  return storage.run({ requestId: requestId ?? undefined, log }, work);
}

/** Fastify's request loggers carry the id already; the mixin below must not add it twice. */
const carriesRequestId = Symbol('playon.carries-request-id');

const markedChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  const child = logger.child(bindings, options);
  // pino's children inherit from their parent, so a request logger's own children are marked too.
  Object.defineProperty(child, carriesRequestId, { value: true });
  return child;
};

/**
 * pino's mixin: the request id on every line logged while a request or its job is in hand, by any
 * logger (services log through the app's).
 */
export function requestIdMixin(_line: object, _level: number, logger: object): Record<string, string> {
  if (carriesRequestId in logger) return {};
  const requestId = currentRequestId();
  return requestId ? { [REQUEST_ID_LOG_FIELD]: requestId } : {};
}

/** Fastify's options for request ids: ours instead of its per-process counter. */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: (request: IncomingMessage) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
  childLoggerFactory: markedChildLogger,
} satisfies FastifyServerOptions;

const resumeContext = Symbol('playon.resume-request-context');
type Resumable = FastifyRequest & { [resumeContext]?: AsyncResource };

/**
 * Every answer carries the id (errors, 404s, 429s and 503s too: set before any other hook runs), and
 * the request's work runs inside its context. Registered before every other hook.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    storage.run({ requestId: request.id, log: request.log }, () => {
      (request as Resumable)[resumeContext] = new AsyncResource('playon.request');
      done();
    });
  });
  // The body is read on the socket's events, outside the request's context: back into it for the
  // validation, the handler and everything after.
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = (request as Resumable)[resumeContext];
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}
