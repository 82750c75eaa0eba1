import { useEffect } from 'react';
import { setUpPushOnStart } from '../../../lib/push';

/** Push setup once the player is in with a complete profile (spec section 4), again for another player. */
export function usePushSetup(playerId: string | undefined): void {
  useEffect(() => {
    if (playerId) void setUpPushOnStart();
  }, [playerId]);
}
