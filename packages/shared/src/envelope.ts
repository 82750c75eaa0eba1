import { z } from 'zod';

/** Every /api response has this shape (docs/product.md, "API envelope"). */
export interface Envelope<T> {
  statusCode: number;
  statusMessage: string;
  payload: T;
}

/**
 * Error codes the API answers with. Each maps to one HTTP status on the server
 * (apps/server/src/platform/errors.ts).
 */
export const errorCodes = [
  'BAD_REQUEST', // input failed a shared schema
  'UNAUTHENTICATED', // no or bad access token
  'FORBIDDEN', // the caller may not touch this resource
  'NOT_FOUND', // no such route or resource
  'CONFLICT', // the change clashes with existing state (taken username, used referral)
  'BUSY', // an identical operation for this player is still in flight
  'INSUFFICIENT_FUNDS', // the wallet cannot cover the amount (and fee)
  'SUBSCRIPTION_REQUIRED', // the game is for subscribers and the player holds no active package
  'IMPLAUSIBLE_SCORE', // a score report the game cannot produce (above its limits)
  'REPLAY_MISMATCH', // a score report whose recorded play, replayed by the server, does not reach it
  'PAYLOAD_TOO_LARGE', // upload over its size limit
  'UNSUPPORTED_MEDIA', // upload content is not an allowed kind
  'RATE_LIMITED', // too many requests
  'UNAVAILABLE', // the instance is overloaded and refused the request before doing anything; try again after Retry-After
  'INTERNAL', // anything unexpected; never carries details
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The payload of an error envelope: the web app branches on `code`, never on the message. */
export const ErrorPayloadSchema = z.object({
  code: z.enum(errorCodes),
  /** Field name → message, for validation failures. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorPayload = z.infer<typeof ErrorPayloadSchema>;
