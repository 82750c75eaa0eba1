import type { DataRequest, DataRequestCreate } from '@playon/shared/ops-data-requests';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/players/data-requests: a request as it arrived; its seven days start on its day. */
export function recordDataRequest(body: DataRequestCreate) {
  return opsPost<DataRequest>('/players/data-requests', body);
}
