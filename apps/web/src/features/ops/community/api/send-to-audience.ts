import type { AudienceBroadcastRequest } from '@playon/shared/ops-audiences';
import type { Broadcast } from '@playon/shared/ops-community';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/community/audiences/:id/broadcast: one key per confirmation, so it is sent once. */
export function sendToAudience(audienceId: number, body: AudienceBroadcastRequest, idempotencyKey: string) {
  return opsPost<Broadcast>(`/community/audiences/${audienceId}/broadcast`, body, idempotencyKey);
}
