import type { BroadcastAudience } from '@playon/shared/ops-community';
import { useState } from 'react';
import { useBroadcastCount } from '../api/get-broadcast-count';
import { useBroadcastTargets } from '../api/get-broadcast-targets';

/** Who the broadcast goes to, and how many players that is now. */
export function useAudience() {
  const [audience, setAudience] = useState<BroadcastAudience>('all');
  const [targetId, setTargetId] = useState<number | undefined>();
  const targets = useBroadcastTargets();
  const query = {
    audience,
    ...(audience === 'tournament' ? { tournamentId: targetId } : {}),
    ...(audience === 'game' ? { gameId: targetId } : {}),
  };
  const count = useBroadcastCount(query, targetId);
  return { audience, setAudience, targetId, setTargetId, targets, count, query };
}

export type Audience = ReturnType<typeof useAudience>;
