import type { BroadcastAudience } from '@playon/shared/ops-community';
import { useState } from 'react';
import { useAudienceSize } from '../api/get-audience-size';
import { useAudienceChoices } from '../api/get-audiences';
import { useBroadcastCount } from '../api/get-broadcast-count';
import { useBroadcastTargets } from '../api/get-broadcast-targets';

/** Everyone, a tournament's or a game's players, or a saved audience (ADR 0068). */
export type AudienceChoice = BroadcastAudience | 'saved';

/** Who the broadcast goes to, and how many players that is now (with the first few, for a saved one). */
export function useAudience(savedId?: number) {
  const [audience, setAudience] = useState<AudienceChoice>(savedId === undefined ? 'all' : 'saved');
  const [targetId, setTargetId] = useState<number | undefined>(savedId);
  const isSaved = audience === 'saved';
  const targets = useBroadcastTargets();
  const saved = useAudienceChoices(isSaved);
  const query = {
    audience: isSaved ? 'all' : audience,
    ...(audience === 'tournament' ? { tournamentId: targetId } : {}),
    ...(audience === 'game' ? { gameId: targetId } : {}),
  } as const;
  const counted = useBroadcastCount(query, targetId, !isSaved);
  const size = useAudienceSize(isSaved ? targetId : undefined);
  const name = saved.data?.items.find((item) => item.id === targetId)?.name;
  const active = isSaved ? size : counted;
  const count = {
    isFetching: active.isFetching,
    isError: active.isError,
    error: active.error ?? null,
    data: isSaved
      ? size.data && {
          recipients: size.data.count,
          audienceLabel: `Audience: ${name ?? size.data.description}`,
          preview: size.data.preview,
        }
      : counted.data && { ...counted.data, preview: undefined },
  };
  return { audience, setAudience, targetId, setTargetId, targets, saved, count, query, isSaved };
}

export type Audience = ReturnType<typeof useAudience>;
