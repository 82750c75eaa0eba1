import type { Profile } from '@playon/shared/profile';

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
    createdAt: '2026-11-21T05:00:00.000Z',
    ...overrides,
  };
}

export const newPlayerProfile = (): Profile =>
  buildProfile({ name: null, username: null, dob: null, gender: null, phone: null });
