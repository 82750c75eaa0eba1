import type { ChallengeListItem, ChallengeView, CreateChallengeRequest } from '@playon/shared/challenges';
import type { PlaySession } from '@playon/shared/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const challengesKey = ['challenges'] as const;

/** GET /api/challenges: sent and received, one line per answer, newest first. */
export async function getChallenges(): Promise<ChallengeListItem[]> {
  return (await apiRequest<ChallengeListItem[]>('/challenges')).payload;
}

export function useChallenges() {
  return useQuery(queryOptions({ queryKey: challengesKey, queryFn: getChallenges, staleTime: 30_000 }));
}

/** GET /api/challenges/{code}: the challenger's username and score, and the viewer's results. */
export async function getChallenge(code: string): Promise<ChallengeView> {
  return (await apiRequest<ChallengeView>(`/challenges/${encodeURIComponent(code)}`)).payload;
}

export function useChallenge(code: string) {
  return useQuery(
    queryOptions({
      queryKey: [...challengesKey, code],
      queryFn: () => getChallenge(code),
      staleTime: 10_000,
    }),
  );
}

/** POST /api/challenges: a saved run sent to a friend by username, or as a link without one. */
export async function createChallenge(request: CreateChallengeRequest): Promise<ChallengeView> {
  return (await apiRequest<ChallengeView>('/challenges', { method: 'POST', json: request })).payload;
}

/** POST /api/challenges/{code}/play: accepts the challenge, once; the game's launch address. */
export async function playChallenge(code: string): Promise<PlaySession> {
  return (await apiRequest<PlaySession>(`/challenges/${encodeURIComponent(code)}/play`, { method: 'POST' }))
    .payload;
}
