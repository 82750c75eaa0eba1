import type { ErrorCode } from '@playon/shared/envelope';

export type ApiErrorKind = 'http' | 'timeout' | 'network';

/** A failed /api call: `message` is the envelope's statusMessage a player can read. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(
    message: string,
    options: { kind: ApiErrorKind; status?: number; code?: ErrorCode; fields?: Record<string, string> },
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = options.kind;
    this.status = options.status ?? 0;
    this.code = options.code;
    this.fields = options.fields;
  }
}

/** The text to show for any thrown error: statusMessage, else the exception's message. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
