import type { Role } from '@playon/shared/ops';
import { opsPost } from './ops-request';

/**
 * POST /api/ops/operators/role: gives an e-mail's account a role, or takes it back ('player'); with
 * `invite`, an e-mail that has no account gets one and a mail to choose its password.
 */
export function setOperatorRole(body: { email: string; role: Role; reason: string; invite?: boolean }) {
  return opsPost('/operators/role', body);
}
