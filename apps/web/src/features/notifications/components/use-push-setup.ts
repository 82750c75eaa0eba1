import { useEffect } from 'react';
import { setUpPushOnStart } from '../../../lib/push';

/** Push setup once the player is in with a complete profile (docs/product.md, "Push setup"), again for another player. */
export function usePushSetup(playerId: string | undefined): void {
  useEffect(() => {
    if (playerId) void setUpPushOnStart();
  }, [playerId]);
}
