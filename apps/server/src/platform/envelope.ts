import type { Envelope } from '@playon/shared/envelope';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** Sends `payload` in the spec's envelope with the given status. */
export function sendEnvelope<T>(reply: FastifyReply, statusCode: number, statusMessage: string, payload: T) {
  const body: Envelope<T> = { statusCode, statusMessage, payload };
  return reply.code(statusCode).send(body);
}

/** The OpenAPI shape of an envelope around `payload`. */
export function envelopeSchema<T extends z.ZodType>(payload: T) {
  return z.object({ statusCode: z.number().int(), statusMessage: z.string(), payload });
}

export const ErrorEnvelopeSchema = envelopeSchema(
  z.object({ code: z.string(), fields: z.record(z.string(), z.string()).optional() }),
);
