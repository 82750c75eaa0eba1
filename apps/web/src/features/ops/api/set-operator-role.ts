import type { Role } from '@playon/shared/ops';
import { opsPost } from './ops-request';

/** POST /api/ops/operators/role: gives an e-mail's account a role, or takes it back ('user'). */
export function setOperatorRole(body: { email: string; role: Role; reason: string }) {
  return opsPost('/operators/role', body);
}
