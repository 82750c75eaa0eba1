import type { AskProviderResultSchema } from '@playon/shared/ops-money';
import type { z } from 'zod';
import { opsPost } from '../../api/ops-request';
import { paymentPath } from './payment-path';

/** POST /api/ops/money/payments/:id/ask-provider: the provider's word on the payment, applied. */
export function askProvider(id: string) {
  return opsPost<z.infer<typeof AskProviderResultSchema>>(`${paymentPath(id)}/ask-provider`, {});
}
