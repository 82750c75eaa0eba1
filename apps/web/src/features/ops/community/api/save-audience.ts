import type { SavedAudience, SavedAudienceRequest } from '@playon/shared/ops-audiences';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/community/audiences (new) or /api/ops/community/audiences/:id (edited). */
export function saveAudience(body: SavedAudienceRequest, id?: number) {
  return opsPost<SavedAudience>(
    id === undefined ? '/community/audiences' : `/community/audiences/${id}`,
    body,
  );
}
