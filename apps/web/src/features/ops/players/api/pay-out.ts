import type { PayOut, PayOutRequest } from '@playon/shared/ops-players';
import { opsPost } from '../../api/ops-request';
import { playerPath } from './player-path';

/** POST /api/ops/players/:uid/pay-out: money leaves, so one key per confirmation (a repeat cannot pay twice). */
export function payOut(uid: string, body: PayOutRequest, idempotencyKey: string) {
  return opsPost<PayOut>(`${playerPath(uid)}/pay-out`, body, idempotencyKey);
}
