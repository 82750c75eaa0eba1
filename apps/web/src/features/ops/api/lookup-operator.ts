import type { OperatorLookup } from '@playon/shared/ops';
import { opsGet } from './ops-request';

/** GET /api/ops/operators/lookup: who an e-mail is (an account, or nobody) before a role is given. */
export function lookupOperator(email: string) {
  return opsGet<OperatorLookup>('/operators/lookup', { email });
}
