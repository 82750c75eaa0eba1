import type { ErrorCode } from '@playon/shared/envelope';

/** One status per code; docs/api.md lists when each is used. */
export const statusOfCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  BUSY: 409,
  INSUFFICIENT_FUNDS: 409,
  SUBSCRIPTION_REQUIRED: 403,
  IMPLAUSIBLE_SCORE: 422,
  REPLAY_MISMATCH: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** An error a player can read: the message goes out as the envelope's statusMessage. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
  }

  get statusCode(): number {
    return statusOfCode[this.code];
  }
}

/**
 * A provider's callback (Daraja, the card gateway, the carrier) whose body is not what its protocol
 * says: answered 400 and never applied. Routes match it by type.
 */
export class MalformedCallbackError extends Error {
  constructor(what: string, detail: string | { issues: { path: PropertyKey[]; message: string }[] }) {
    const said =
      typeof detail === 'string'
        ? detail
        : detail.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`).join('; ');
    super(`Malformed ${what}: ${said}`);
    this.name = 'MalformedCallbackError';
  }
}

/** Postgres unique_violation, whichever driver raised it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const pgError = cause as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
}
