import type { OpsTournament } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/tournaments. */
export function createTournament(body: unknown) {
  return opsPost<OpsTournament>('/content/tournaments', body);
}
