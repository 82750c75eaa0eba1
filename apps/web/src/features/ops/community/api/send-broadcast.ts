import type { Broadcast, BroadcastRequest } from '@playon/shared/ops-community';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/community/broadcasts: one key per confirmation, so a second click is answered with the first broadcast. */
export function sendBroadcast(body: BroadcastRequest, idempotencyKey: string) {
  return opsPost<Broadcast>('/community/broadcasts', body, idempotencyKey);
}
