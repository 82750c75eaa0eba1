import type { Game } from '@playon/shared/games';
import type { Profile } from '@playon/shared/profile';
import type { LeaderboardEntry, Tournament } from '@playon/shared/tournaments';

export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'p1',
    uid: 'u1',
    name: 'Amina Wanjiku',
    username: 'amina',
    email: 'amina@example.com',
    dob: '1995-04-12',
    gender: 'FEMALE',
    phone: '0712345678',
    profilePic: null,
    countryId: null,
    currencyId: null,
    chatRooms: [],
    referralCode: 'AMINA1',
    language: null,
    createdAt: '2026-11-21T05:00:00.000Z',
    ...overrides,
  };
}

export const newPlayerProfile = (): Profile =>
  buildProfile({ name: null, username: null, dob: null, gender: null, phone: null });

export function buildGame(overrides: Partial<Game> = {}): Game {
  const id = overrides.id ?? 1;
  return {
    id,
    name: 'Savanna Snake',
    packageId: 'com.playon.savanna-snake',
    description: 'Guide the snake across the savanna and eat what you can.',
    trailerLink: null,
    trailerPoster: null,
    gameUrl: '/play/savanna-snake/',
    gameIcon: '/play/savanna-snake/icon.svg',
    featured: false,
    access: 'FREE',
    ...overrides,
  };
}

export function buildTournament(overrides: Partial<Tournament> = {}): Tournament {
  return {
    id: 1,
    name: 'Weekend Snake Cup',
    description: 'The best snake of the weekend wins a Gold package.',
    starts: '2026-11-21T06:00:00.000Z',
    ends: '2026-11-22T06:00:00.000Z',
    gameId: 1,
    ...overrides,
  };
}

export function buildLeaderboardEntry(
  rank: number,
  overrides: Partial<LeaderboardEntry> = {},
): LeaderboardEntry {
  return {
    rank,
    userId: `u${rank}`,
    username: `player${rank}`,
    profilePic: null,
    points: 1000 - rank * 10,
    ...overrides,
  };
}

/** An API envelope answer for stubFetch. */
export const ok = (payload: unknown) => ({
  status: 200,
  body: { statusCode: 200, statusMessage: '', payload },
});
export const failure = (status: number, statusMessage: string, code: string) => ({
  status,
  body: { statusCode: status, statusMessage, payload: { code } },
});
