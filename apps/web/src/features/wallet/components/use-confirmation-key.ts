import { useMemo, useRef } from 'react';
import { ApiError } from '../../../lib/api-error';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

/**
 * Whether the server may have acted on a request whose answer we did not get (no answer, a timeout,
 * a 5xx, or a twin still in flight): then a retry must be the same confirmation, under the same key.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.kind !== 'http' || error.status >= 500 || error.code === 'BUSY';
}

/**
 * The Idempotency-Key of a payment confirmation: a fresh one per confirmation, the same one when the
 * player retries the same confirmation (same body) after an unknown outcome, so money moves once.
 */
export function useConfirmationKey() {
  const last = useRef<{ key: string; body: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(body: unknown): string {
        const json = JSON.stringify(body);
        if (last.current?.body === json) return last.current.key;
        const key = newIdempotencyKey();
        last.current = { key, body: json };
        return key;
      },
      /** The server answered for certain: the next tap is a new confirmation. */
      settle(): void {
        last.current = null;
      },
    }),
    [],
  );
}
