import type { ResolvedCallbackSchema } from '@playon/shared/ops-money';
import type { z } from 'zod';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/money/unmatched/:id/resolve: the callback's money credited to the player it came from. */
export function resolveCallback(callbackId: number, body: { uid: string; reason: string }) {
  return opsPost<z.infer<typeof ResolvedCallbackSchema>>(`/money/unmatched/${callbackId}/resolve`, body);
}
