import type { Language } from '@playon/shared/i18n/language';
import type { Tournament, TournamentAward } from '@playon/shared/tournaments';
import type { TournamentRow } from './repo.ts';

export type AwardName = TournamentAward['award']['name'];
export const AWARD_POSITIONS: Record<AwardName, number> = { Gold: 1, Silver: 2, Bronze: 3 };

export interface NewTournamentInput {
  name: string;
  description: string;
  /** The Kiswahili the operator wrote beside the English; null or left out: Kiswahili readers get the English. */
  nameSw?: string | null;
  descriptionSw?: string | null;
  starts: Date;
  ends: Date;
  gameId: number;
  /** The subscription package each podium place wins; a place may win nothing. */
  prizes: Partial<Record<AwardName, number>>;
  /** A seeded tournament's stable key: a second seed with it changes nothing. */
  seedKey?: string;
}

/** A tournament as a player reads it: its name and description in `language`, else in English. */
export function toTournament(row: TournamentRow, language: Language = 'en'): Tournament {
  const inKiswahili = language === 'sw';
  return {
    id: row.id,
    name: (inKiswahili && row.nameSw) || row.name,
    description: (inKiswahili && row.descriptionSw) || row.description,
    starts: row.starts.toISOString(),
    ends: row.ends.toISOString(),
    gameId: row.gameId,
  };
}
