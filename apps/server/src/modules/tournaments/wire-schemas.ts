import { z } from 'zod';

/** The OpenAPI shapes of the tournament calls (packages/shared/src/tournaments.ts has the types). */
export const TournamentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  starts: z.string(),
  ends: z.string(),
  gameId: z.number().int(),
});
export const ScoreResultSchema = z.object({
  points: z.number(),
  best: z.number(),
  rank: z.number().int().nullable(),
});
export const LeaderboardPageSchema = z.object({
  content: z.array(
    z.object({
      rank: z.number().int(),
      userId: z.string(),
      username: z.string().nullable(),
      profilePic: z.string().nullable(),
      points: z.number(),
    }),
  ),
  last: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalElements: z.number().int(),
});
export const OwnRankSchema = z
  .object({ rank: z.number().int(), points: z.number(), totalElements: z.number().int() })
  .nullable();
export const TournamentAwardSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  award: z.object({ name: z.enum(['Gold', 'Silver', 'Bronze']) }),
  subscriptionPackage: z.object({ id: z.number().int(), name: z.string() }),
  winnerId: z.string().nullable(),
});
export const HallOfFameEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  members: z.array(z.string()),
  tournamentId: z.number().int().nullable(),
  createdAt: z.string(),
});
