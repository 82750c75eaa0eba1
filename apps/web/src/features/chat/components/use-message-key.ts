import type { ChatSendRequest } from '@playon/shared/chat';
import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

/**
 * The Idempotency-Key of the message being sent: made when the player presses Send, and the same
 * each time they press it again for that message until it is sent, so a send that failed for them
 * but landed is not stored twice (ADR 0050). Other words, or another room, make another message.
 */
export function useMessageKey() {
  const pending = useRef<{ key: string; request: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(request: ChatSendRequest): string {
        const json = JSON.stringify(request);
        if (pending.current?.request === json) return pending.current.key;
        const key = newIdempotencyKey();
        pending.current = { key, request: json };
        return key;
      },
      /** The message is stored: the next press sends a new one, even with the same words. */
      sent(): void {
        pending.current = null;
      },
    }),
    [],
  );
}
