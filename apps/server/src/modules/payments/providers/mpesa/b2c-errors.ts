import type { DarajaError } from '../../../../platform/daraja/client.ts';

/**
 * What a B2C request Daraja did not take says about the payout (ADR 0074):
 * - `refused`: refused before processing (the gateway's checks): nothing can have been paid.
 * - `exists`: Daraja already has a request with this OriginatorConversationID: ask its status.
 * - `unknown`: it may or may not have reached processing: ask its status, never send it blindly again.
 */
export type B2cErrorReading = 'refused' | 'exists' | 'unknown';

/** Daraja's documented errors to a B2C request, each read explicitly. Any other code is `unknown`. */
const B2C_ERRORS: Record<string, B2cErrorReading> = {
  // Bad Request - Invalid <field>: the gateway's validation, before processing.
  '400.002.02': 'refused',
  // Invalid Request Payload.
  '400.002.05': 'refused',
  // Resource not found, Method not allowed: no API was called.
  '404.002.01': 'refused',
  '405.001': 'refused',
  // Invalid access token: renewed and retried once by the client; if it still fails, ask later.
  '404.001.03': 'unknown',
  '401.002.01': 'unknown',
  // Duplicate OriginatorConversationID (also documented as a server error): it exists either way.
  '500.002.1001': 'exists',
  // Server errors, Spike Arrest and Quota violations: the request may not have been processed, or may.
  '500.001.1001': 'unknown',
  '500.003.1001': 'unknown',
  '500.003.02': 'unknown',
  '500.003.03': 'unknown',
};

/** Daraja's reading of a B2C refusal; an unreachable Daraja (status 0) or a code not in the table is unknown. */
export function readB2cError(error: DarajaError): B2cErrorReading {
  if (error.status === 0 || error.code === null) return 'unknown';
  // Some gateways word a repeat "Bad Request - Duplicate OriginatorConversationID" under 400.002.02.
  if (/duplicate/i.test(error.message)) return 'exists';
  return B2C_ERRORS[error.code] ?? 'unknown';
}
