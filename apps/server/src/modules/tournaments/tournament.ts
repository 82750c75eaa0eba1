import type { Tournament, TournamentAward } from '@playon/shared/tournaments';
import type { TournamentRow } from './repo.ts';

export type AwardName = TournamentAward['award']['name'];
export const AWARD_POSITIONS: Record<AwardName, number> = { Gold: 1, Silver: 2, Bronze: 3 };

export interface NewTournamentInput {
  name: string;
  description: string;
  starts: Date;
  ends: Date;
  gameId: number;
  /** The subscription package each podium place wins; a place may win nothing. */
  prizes: Partial<Record<AwardName, number>>;
  /** A seeded tournament's stable key: a second seed with it changes nothing. */
  seedKey?: string;
}

export function toTournament(row: TournamentRow): Tournament {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    starts: row.starts.toISOString(),
    ends: row.ends.toISOString(),
    gameId: row.gameId,
  };
}
