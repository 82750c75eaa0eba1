import { leaderboardTopic } from '@playon/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followRealtimeTopic } from '../../../lib/realtime-client';
import { leaderboardQuery } from '../api/get-leaderboard';
import { ownRankQuery } from '../api/get-own-rank';

/**
 * While `isLive` (the tournament is running), follows its leaderboard over /ws: each change the
 * server tells (at most one a second) reads the loaded pages and the player's own rank again, as
 * does each (re)subscription.
 */
export function useLiveLeaderboard(tournamentId: number, isLive: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isLive) return;
    const topic = leaderboardTopic(tournamentId);
    const refresh = () => {
      // A read already under way is kept rather than started again.
      for (const { queryKey } of [leaderboardQuery(tournamentId), ownRankQuery(tournamentId)])
        void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    };
    return followRealtimeTopic(topic, (event) => {
      if (event.kind !== 'message') return;
      const message = event.data as { type?: unknown; topic?: unknown; tournamentId?: unknown } | null;
      // 'subscribed': what changed before the socket followed the topic (its first read still under
      // way is kept, not repeated) or while it was down.
      if (
        (message?.type === 'leaderboard' && message.tournamentId === tournamentId) ||
        (message?.type === 'subscribed' && message.topic === topic)
      )
        refresh();
    });
  }, [queryClient, tournamentId, isLive]);
}
