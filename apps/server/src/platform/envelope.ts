import { type Envelope, ErrorPayloadSchema } from '@playon/shared/envelope';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors.ts';

/** Sends `payload` in the API envelope (docs/api.md, "Envelope") with the given status. */
export function sendEnvelope<T>(reply: FastifyReply, statusCode: number, statusMessage: string, payload: T) {
  const body: Envelope<T> = { statusCode, statusMessage, payload };
  return reply.code(statusCode).send(body);
}

/** The OpenAPI shape of an envelope around `payload`. */
export function envelopeSchema<T extends z.ZodType>(payload: T) {
  return z.object({ statusCode: z.number().int(), statusMessage: z.string(), payload });
}

export const ErrorEnvelopeSchema = envelopeSchema(ErrorPayloadSchema);

/**
 * The error answers a route documents, each in the error envelope: `errorResponses(401, 404)` is
 * `{ 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema }`, spread into a route's `response`.
 */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ErrorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorEnvelopeSchema])) as Record<
    S,
    typeof ErrorEnvelopeSchema
  >;
}

export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000).';

/** Where in `value` (params, query or body) a string or key holds U+0000, as a dotted path. */
export function findNul(value: unknown, root: string): string | undefined {
  // Each item with its parent's entry: the dotted path is written only for the one that holds a NUL.
  type Entry = { item: unknown; key: string; parent: Entry | undefined };
  const pathOf = (entry: Entry): string =>
    entry.parent ? `${pathOf(entry.parent)}.${entry.key}` : entry.key;
  const stack: Entry[] = [{ item: value, key: root, parent: undefined }];
  while (stack.length > 0) {
    const entry = stack.pop() as Entry;
    const { item } = entry;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return pathOf(entry);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const key of Object.keys(item)) {
        if (key.includes('\u0000')) return pathOf(entry);
        stack.push({ item: (item as Record<string, unknown>)[key], key, parent: entry });
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL stores no U+0000 in text: one that reached a query failed it with a 500. Every route's
 * params, query and parsed body are refused at the edge instead, before any schema or handler.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const parts = { params: request.params, query: request.query, body: request.body };
    for (const [name, value] of Object.entries(parts)) {
      const at = findNul(value, name);
      if (at)
        throw new AppError('BAD_REQUEST', NUL_MESSAGE, { [at.replace(/^\w+\.?/, '') || name]: NUL_MESSAGE });
    }
  });
}
