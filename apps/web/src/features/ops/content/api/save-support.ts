import type { SupportSetting } from '@playon/shared/support';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/support: one contact setting. */
export function saveSupport(body: unknown) {
  return opsPost<SupportSetting>('/content/support', body);
}
