import type { ErrorCode, ErrorPayload } from '@playon/shared/envelope';
import { messages } from '@playon/shared/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, statusOfCode } from './errors.ts';
import { answerInRequestedLanguage, translatedIdentityError } from './i18n.ts';

/** Statuses Fastify and its plugins raise themselves, as our codes. */
const codeOfStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA',
  429: 'RATE_LIMITED',
};

/** better-auth's own paths answer errors in its shape, `{ code, message }`, like the rest of its responses. */
function isIdentityServicePath(url: string): boolean {
  return url.startsWith('/api/auth/') && !url.startsWith('/api/auth/login');
}

function toAppError(error: FastifyError): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      if (field && !(field in fields)) fields[field] = issue.message ?? messages.required;
    }
    return new AppError('BAD_REQUEST', error.validation[0]?.message ?? messages.required, fields);
  }
  const code = error.statusCode ? codeOfStatus[error.statusCode] : undefined;
  if (code === 'RATE_LIMITED') return new AppError(code, messages.rateLimited);
  if (code) return new AppError(code, error.message || messages.genericError);
  return undefined;
}

/**
 * The one error handler: AppErrors and client errors in the envelope; anything else a bare 500.
 * Every answer in the envelope, an error's or not, leaves in the request's language (ADR 0032).
 */
export function registerErrorHandler(app: FastifyInstance) {
  answerInRequestedLanguage(app);
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      return sendError(request, reply, new AppError('INTERNAL', messages.internal));
    }
    // A refusal under load is expected and logged by load-shedding.ts, a few lines a minute at most.
    if (appError.statusCode >= 500 && appError.code !== 'UNAVAILABLE')
      request.log.error({ err: error }, 'server error');
    return sendError(request, reply, appError);
  });
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const statusCode = statusOfCode[error.code];
  if (isIdentityServicePath(request.url)) {
    const code = error.code === 'RATE_LIMITED' ? 'TOO_MANY_REQUESTS' : error.code;
    return reply
      .code(statusCode)
      .send(translatedIdentityError(request, reply, { code, message: error.message }));
  }
  const payload: ErrorPayload = error.fields
    ? { code: error.code, fields: error.fields }
    : { code: error.code };
  return reply.code(statusCode).send({ statusCode, statusMessage: error.message, payload });
}
